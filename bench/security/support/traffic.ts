/**
 * Mixed traffic against a running production server, for bench/security/load.ts and soak.ts:
 * readers (home, articles, categories, tags), searches (the page and the JSON API), sign-ins
 * (right and wrong passwords) and an editor saving articles, each request counted by kind and
 * status with its latency.
 *
 * Readers come from many addresses, as they do in production behind a proxy: the server runs
 * with TRUST_PROXY=1 and every sign-in carries its own X-Forwarded-For, so that one address's
 * sign-in limit (5 failures a minute) does not stand for a whole population. Wrong passwords go
 * to unknown addresses and to a few accounts kept for them, which lock after 10 failures in a
 * row (docs/security.md, "Rate limits and lock-outs"): their 429s are expected and counted
 * apart from errors. Right passwords go to accounts signed up (and verified through the mail
 * outbox) before the load, never to a locked one.
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import {
  BENCH_ADMIN,
  startServer,
  stopServer,
  type RunningServer,
  type ServerOptions,
} from '../../support/server'
import { BROWSER_PAGE_HEADERS } from '../../support/settings'

export type Kind =
  | 'home'
  | 'article'
  | 'category'
  | 'tag'
  | 'search page'
  | 'search API'
  | 'sign-in, right password'
  | 'sign-in, wrong password'
  | 'admin article save'

/** How often each kind is sent, out of the sum. */
export const MIX: Record<Kind, number> = {
  home: 12,
  article: 28,
  category: 10,
  tag: 6,
  'search page': 10,
  'search API': 10,
  'sign-in, right password': 4,
  'sign-in, wrong password': 4,
  'admin article save': 6,
}

/** What each kind must answer; anything else fails the run. */
const EXPECTED: Record<Kind, number[]> = {
  home: [200],
  article: [200],
  category: [200],
  tag: [200],
  'search page': [200],
  'search API': [200],
  'sign-in, right password': [302],
  'sign-in, wrong password': [401],
  'admin article save': [302],
}

/** Answers a kind may give that are the site doing its job (a limit), not an error. */
const LIMITED: Partial<Record<Kind, number[]>> = {
  'sign-in, wrong password': [429],
}

const REQUEST_TIMEOUT_MS = 30_000

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

export class Client {
  readonly agent: http.Agent
  constructor(
    readonly base: string,
    connections: number,
  ) {
    // With a timeout set, Node's agent drops an idle socket a second before the server's
    // Keep-Alive hint (timeout=5) says the server will: no request is sent on a closing socket.
    this.agent = new http.Agent({
      keepAlive: true,
      maxSockets: connections,
      timeout: REQUEST_TIMEOUT_MS,
      // Each kept socket in turn, so that none lies idle long enough to be closed under us.
      scheduling: 'fifo',
    })
  }

  /** Requests sent again because the kept-alive socket they went on had just been closed. */
  retried = 0

  request(
    method: string,
    pathname: string,
    opts: { headers?: Record<string, string>; form?: Record<string, string>; keep?: boolean } = {},
  ): Promise<Answer> {
    return this.send(method, pathname, opts).catch((error: Error & { reused?: boolean }) => {
      // The server closed an idle kept-alive socket as this request went out on it: sent again
      // once on a new socket, as browsers do (and as Node's documentation advises).
      if (!error.reused) throw error
      this.retried++
      return this.send(method, pathname, opts)
    })
  }

  private send(
    method: string,
    pathname: string,
    opts: { headers?: Record<string, string>; form?: Record<string, string>; keep?: boolean },
  ): Promise<Answer> {
    const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined
    const headers: Record<string, string> = { ...opts.headers }
    if (body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      headers['content-length'] = String(Buffer.byteLength(body))
      // A browser's form post from our own page (app/infra/csrf.server.ts).
      headers.origin = this.base
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        this.base + pathname,
        { method, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => {
            if (opts.keep) chunks.push(chunk)
          })
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          )
          res.on('error', reject)
        },
      )
      // A kept-alive socket comes back from the agent still timed for its idle life (the server's
      // Keep-Alive hint less a second, 4 s): timed again for this request, or a request slower
      // than 4 s would be cut as if 30 s had passed.
      req.on('socket', (socket) => socket.setTimeout(REQUEST_TIMEOUT_MS))
      req.on('timeout', () =>
        req.destroy(new Error(`timeout after ${REQUEST_TIMEOUT_MS / 1000} s`)),
      )
      req.on('error', (error: NodeJS.ErrnoException) => {
        const wrapped = new Error(`${method} ${pathname}: ${error.message}`) as Error & {
          reused?: boolean
        }
        wrapped.reused = req.reusedSocket && error.code === 'ECONNRESET'
        reject(wrapped)
      })
      req.end(body)
    })
  }

  close() {
    this.agent.destroy()
  }
}

/** The `name=value` pairs of a response's Set-Cookie headers. */
function cookiesOf(answer: Answer) {
  return (answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ')
}

let addressCounter = 0
/** A client address of its own (10.x.y.z), sent as X-Forwarded-For through TRUST_PROXY=1. */
function nextAddress() {
  addressCounter++
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`
}

// ---------------------------------------------------------------------------------------------
// Preparing the site
// ---------------------------------------------------------------------------------------------

export interface Plan {
  base: string
  articles: string[]
  categories: string[]
  tags: string[]
  searchWords: string[]
  adminCookie: string
  /** Articles the editor saves during the load (made for it, published). */
  editable: number[]
  /** Accounts that sign in with their right password. */
  readers: { email: string; password: string }[]
  /** Accounts that only ever get wrong passwords. */
  lockTargets: string[]
}

/** What the server needs to run the traffic: its clients' addresses from X-Forwarded-For. */
export const TRAFFIC_SERVER_ENV = { TRUST_PROXY: '1' }

/** Server options for a build: another checkout's build reads that checkout's migrations. */
export function buildEnv(buildDir: string): Record<string, string> {
  const checkout = path.dirname(path.resolve(buildDir))
  const own = path.join(checkout, 'db/migrations')
  if (checkout !== process.cwd() && !fs.existsSync(own)) {
    return { MIGRATIONS_DIR: path.resolve('db/migrations') }
  }
  return {}
}

/**
 * The server as production runs it: on a data folder made by an earlier start (migrations, demo
 * content), so that the first start's seeding (demo images through sharp) is not in the memory
 * measured.
 */
export async function startWarmServer(options: ServerOptions) {
  const seeding = await startServer(options)
  await stopServer(seeding)
  return startServer({ ...options, dataDir: seeding.dataDir })
}

async function signIn(client: Client, email: string, password: string) {
  return client.request('POST', '/signin', {
    form: { email, password },
    headers: { 'x-forwarded-for': nextAddress() },
  })
}

function unique<T>(values: T[]) {
  return [...new Set(values)]
}

function linksOf(html: string, prefix: string) {
  return unique(
    [...html.matchAll(new RegExp(`href="(/${prefix}/[^"#?/]+)"`, 'g'))].map((m) => m[1]),
  )
}

/** Decodes a quoted-printable mail body (the outbox's .eml files). */
function quotedPrintable(text: string) {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

/** The verification link of the newest mail to `email` in the server's outbox, if any. */
function verificationLink(dataDir: string, email: string) {
  const outbox = path.join(dataDir, 'outbox')
  if (!fs.existsSync(outbox)) return null
  for (const name of fs.readdirSync(outbox).sort().reverse()) {
    const mail = quotedPrintable(fs.readFileSync(path.join(outbox, name), 'utf8'))
    if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(mail)) continue
    const link = /https?:\/\/\S*\/api\/auth\/verify-email\?token=[^\s"&<]+/.exec(mail)?.[0]
    if (link) return link
  }
  return null
}

export async function prepare(
  server: RunningServer,
  opts: { readers: number; lockTargets: number; editable: number },
): Promise<Plan> {
  const client = new Client(server.base, 4)
  try {
    const admin = await signIn(client, BENCH_ADMIN.email, BENCH_ADMIN.password)
    if (admin.status !== 302) throw new Error(`The admin's sign-in answered ${admin.status}`)
    const adminCookie = cookiesOf(admin)
      .split('; ')
      .filter((c) => c.startsWith('broadsheet.session'))
      .join('; ')
    if (!adminCookie) throw new Error("The admin's sign-in set no session cookie")

    const home = await client.request('GET', '/', { keep: true, headers: BROWSER_PAGE_HEADERS })
    const articles = linksOf(home.body, 'article')
    const categories = linksOf(home.body, 'category')
    let tags: string[] = []
    for (const article of articles.slice(0, 8)) {
      const page = await client.request('GET', article, { keep: true })
      tags = unique([...tags, ...linksOf(page.body, 'tag')])
    }
    if (!articles.length || !categories.length || !tags.length) {
      throw new Error('The home page and its articles link no article, category or tag')
    }
    const searchWords = unique(
      articles.flatMap((a) =>
        a
          .replace('/article/', '')
          .split('-')
          .filter((w) => w.length > 4),
      ),
    ).slice(0, 40)

    // Articles the editor saves over and over, published so that each save clears cached pages.
    const marker = `loadtest${Date.now().toString(36)}`
    for (let i = 0; i < opts.editable; i++) {
      const made = await client.request('POST', '/admin/new-article', {
        headers: { cookie: adminCookie },
        form: articleForm(`${marker} article ${i}`, 0),
      })
      if (made.status !== 302) throw new Error(`Creating an article answered ${made.status}`)
    }
    const list = await client.request('GET', `/admin/articles?q=${marker}`, {
      keep: true,
      headers: { cookie: adminCookie },
    })
    const editable = unique(
      [...list.body.matchAll(/\/admin\/edit-article\/(\d+)/g)].map((m) => Number(m[1])),
    )
    if (editable.length !== opts.editable) {
      throw new Error(`Made ${opts.editable} articles, found ${editable.length} in the list`)
    }

    // Accounts: signed up, then verified through the link in the outbox.
    const readers: Plan['readers'] = []
    const lockTargets: string[] = []
    for (let i = 0; i < opts.readers + opts.lockTargets; i++) {
      const email = `${marker}-${i}@example.com`
      const password = `reader-password-${i}-${marker}`
      const signup = await client.request('POST', '/signup', {
        form: { email, password },
        headers: { 'x-forwarded-for': nextAddress() },
      })
      if (signup.status !== 302 && signup.status !== 200) {
        throw new Error(`Signing up ${email} answered ${signup.status}`)
      }
      const link = verificationLink(server.dataDir, email)
      if (!link) throw new Error(`No verification mail to ${email} in the outbox`)
      const verified = await client.request('GET', new URL(link).pathname + new URL(link).search, {
        headers: { 'x-forwarded-for': nextAddress() },
      })
      if (verified.status >= 400) throw new Error(`Verifying ${email} answered ${verified.status}`)
      if (i < opts.readers) readers.push({ email, password })
      else lockTargets.push(email)
    }
    const check = await signIn(client, readers[0].email, readers[0].password)
    if (check.status !== 302) throw new Error(`A reader's sign-in answered ${check.status}`)

    return {
      base: server.base,
      articles,
      categories,
      tags,
      searchWords,
      adminCookie,
      editable,
      readers,
      lockTargets,
    }
  } finally {
    client.close()
  }
}

function articleForm(title: string, n: number): Record<string, string> {
  return {
    title,
    excerpt: `Saved ${n} times under load.`,
    content: `<p>Saved ${n} times under load.</p><p>${'Lorem ipsum dolor sit amet. '.repeat(20)}</p>`,
    status: 'published',
    overwrite: 'on',
  }
}

// ---------------------------------------------------------------------------------------------
// The traffic
// ---------------------------------------------------------------------------------------------

export interface KindStats {
  sent: number
  statuses: Map<number, number>
  /** Network errors and timeouts, by message. */
  errors: Map<string, number>
  latencies: number[]
}

export interface TrafficResult {
  seconds: number
  byKind: Map<Kind, KindStats>
  /** Requests sent again after the server closed their idle kept-alive socket. */
  retried: number
}

const pick = <T>(values: T[]) => values[Math.floor(Math.random() * values.length)]

function chooseKind(): Kind {
  const total = Object.values(MIX).reduce((a, b) => a + b, 0)
  let r = Math.random() * total
  for (const [kind, weight] of Object.entries(MIX) as [Kind, number][]) {
    r -= weight
    if (r < 0) return kind
  }
  return 'home'
}

let saves = 0
let wrongs = 0

function requestFor(client: Client, plan: Plan, kind: Kind): Promise<Answer> {
  const reader = { headers: { ...BROWSER_PAGE_HEADERS } }
  switch (kind) {
    case 'home':
      return client.request('GET', '/', reader)
    case 'article':
      return client.request('GET', pick(plan.articles), reader)
    case 'category':
      return client.request(
        'GET',
        pick(plan.categories) + (Math.random() < 0.5 ? '?page=1' : ''),
        reader,
      )
    case 'tag':
      return client.request('GET', pick(plan.tags), reader)
    case 'search page': {
      // Mostly words of the site's titles; now and then a word found nowhere.
      const q =
        Math.random() < 0.8 ? pick(plan.searchWords) : `zq${Math.floor(Math.random() * 1e6)}`
      return client.request('GET', `/search?q=${encodeURIComponent(q)}`, reader)
    }
    case 'search API': {
      const q =
        Math.random() < 0.8 ? pick(plan.searchWords) : `zq${Math.floor(Math.random() * 1e6)}`
      return client.request('GET', `/api/search?q=${encodeURIComponent(q)}`)
    }
    case 'sign-in, right password': {
      const account = pick(plan.readers)
      return signIn(client, account.email, account.password)
    }
    case 'sign-in, wrong password': {
      wrongs++
      const email = wrongs % 2 === 0 ? pick(plan.lockTargets) : `nobody-${wrongs}@example.com`
      return signIn(client, email, `wrong-password-${wrongs}`)
    }
    case 'admin article save': {
      saves++
      const id = pick(plan.editable)
      return client.request('POST', `/admin/edit-article/${id}`, {
        headers: { cookie: plan.adminCookie },
        form: articleForm(`Load article ${id}, save ${saves}`, saves),
      })
    }
  }
}

/**
 * `connections` loops sending requests back to back for `seconds` (or, with `ratePerSecond`,
 * spaced out so that all of them together send about that many a second).
 */
export async function runTraffic(
  plan: Plan,
  opts: {
    connections: number
    seconds: number
    ratePerSecond?: number
    /** Each request as it ends: when it was sent (s into the run), how long it took, its answer. */
    onResult?: (kind: Kind, sentAtS: number, ms: number, outcome: number | string) => void
  },
): Promise<TrafficResult> {
  const client = new Client(plan.base, opts.connections)
  const byKind = new Map<Kind, KindStats>(
    (Object.keys(MIX) as Kind[]).map((kind) => [
      kind,
      { sent: 0, statuses: new Map(), errors: new Map(), latencies: [] },
    ]),
  )
  const started = performance.now()
  const deadline = started + opts.seconds * 1000
  const gapMs = opts.ratePerSecond ? (opts.connections * 1000) / opts.ratePerSecond : 0

  async function loop() {
    while (performance.now() < deadline) {
      const kind = chooseKind()
      const stats = byKind.get(kind)!
      const t0 = performance.now()
      stats.sent++
      let outcome: number | string
      try {
        const answer = await requestFor(client, plan, kind)
        outcome = answer.status
        stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1)
      } catch (error) {
        // By what went wrong, not by address (`POST /signin: socket hang up`).
        const message = (error instanceof Error ? error.message : String(error)).replace(
          /^\S+ \S+: /,
          '',
        )
        stats.errors.set(message, (stats.errors.get(message) ?? 0) + 1)
        outcome = message
      }
      const ms = performance.now() - t0
      stats.latencies.push(ms)
      opts.onResult?.(kind, (t0 - started) / 1000, ms, outcome)
      if (gapMs > ms) {
        // A random share of the gap, so that the loops do not march in step.
        await new Promise((resolve) => setTimeout(resolve, (gapMs - ms) * (0.5 + Math.random())))
      }
    }
  }
  await Promise.all(Array.from({ length: opts.connections }, loop))
  client.close()
  return { seconds: (performance.now() - started) / 1000, byKind, retried: client.retried }
}

// ---------------------------------------------------------------------------------------------
// Verdict
// ---------------------------------------------------------------------------------------------

export function percentile(values: number[], p: number) {
  if (!values.length) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

export interface Verdict {
  requests: number
  errors: number
  fiveXx: number
  /** Answers outside what a kind should give, limits apart: `kind: status × n`. */
  unexpected: string[]
  /** Expected limits (429 to wrong passwords). */
  limited: number
  p50: number
  p99: number
}

export function judge(result: TrafficResult): Verdict {
  let requests = 0
  let errors = 0
  let fiveXx = 0
  let limited = 0
  const unexpected: string[] = []
  const all: number[] = []
  for (const [kind, stats] of result.byKind) {
    requests += stats.sent
    all.push(...stats.latencies)
    for (const [message, n] of stats.errors) {
      errors += n
      unexpected.push(`${kind}: ${message} × ${n}`)
    }
    for (const [status, n] of stats.statuses) {
      if (status >= 500) fiveXx += n
      if (EXPECTED[kind].includes(status)) continue
      if (LIMITED[kind]?.includes(status)) {
        limited += n
        continue
      }
      unexpected.push(`${kind}: ${status} × ${n}`)
    }
  }
  return {
    requests,
    errors,
    fiveXx,
    unexpected,
    limited,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
  }
}

export function statusesText(stats: KindStats) {
  const parts = [...stats.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s} × ${n}`)
  const errors = [...stats.errors.values()].reduce((a, b) => a + b, 0)
  if (errors) parts.push(`errors × ${errors}`)
  return parts.join(', ')
}
