/**
 * `npm run bench:meter`: what the meter costs (issue 38, decision 0045), CPU per request of one
 * server (demo content, the page cache on) with the meter on, in one run:
 *
 * - `cached hit`: a free story from the page cache;
 * - `uncached render`: the same story drawn by the app for a request the cache passes by (a
 *   cookie named like the session's: no stored page answers it, none is stored);
 * - `metered re-read`: a members story by an anonymous reader whose meter cookie counts it
 *   already (the cookie's HMAC checked, the story drawn private);
 * - `metered first read`: the same story by a reader with no cookie (counted, a cookie set);
 * - `member's full text`: the same story by a signed-in member of a plan it asks for.
 *
 * On PGlite, or on a fresh database of the PostgreSQL server BENCH_DATABASE_URL names.
 * BENCH_METER_REQUESTS (default 500) sequential keep-alive requests per kind, after as many to
 * warm up; BENCH_ROUNDS rounds, kinds taking turns; medians printed. CPU is the server process's
 * user + system time (/proc).
 */
import http from 'node:http'
import { describeMachine, median, processCpuMs } from './machine'
import { BROWSER_PAGE_HEADERS, wholeNumber } from './support/settings'
import { freshDatabase } from './support/fresh-database'
import { signInAsBenchAdmin, startServer, stopServer } from './support/server'

const PORT = wholeNumber('BENCH_PORT', 3207)
const REQUESTS = Math.max(1, wholeNumber('BENCH_METER_REQUESTS', 500))
const ROUNDS = Math.max(1, wholeNumber('BENCH_ROUNDS', 3))

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

function get(
  url: string,
  cookie?: string,
): Promise<{ status: number; body: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const headers = cookie ? { ...BROWSER_PAGE_HEADERS, cookie } : BROWSER_PAGE_HEADERS
    http
      .get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        )
      })
      .on('error', reject)
  })
}

async function turnTheMeterOn(base: string) {
  const cookie = await signInAsBenchAdmin(base)
  const form = new URLSearchParams({
    intent: 'access',
    currency: 'USD',
    previewParagraphs: '3',
    meterMode: 'meter',
    meterPeriod: 'month',
    meterAnonymousLimit: '100',
    meterRegisteredLimit: '100',
    exemptCategoryIds: '',
    editionsAccess: 'everyone',
  })
  const response = await fetch(`${base}/admin/settings/access`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  })
  await response.arrayBuffer()
  if (response.status >= 400) throw new Error(`Saving the meter answered ${response.status}`)
}

/** A new reader made a member of the demo's Digital plan (the members CSV import); their cookie. */
async function signUpMember(base: string) {
  const email = `bench-member-${Date.now()}@example.com`
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'bench-member-password-1', name: 'Bench Member' }),
  })
  await signUp.arrayBuffer()
  if (signUp.status !== 200) throw new Error(`The member's sign-up answered ${signUp.status}`)
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  const admin = await signInAsBenchAdmin(base)
  const form = new FormData()
  form.set('intent', 'import')
  form.set('file', new Blob([`email,plan,until\n${email},Digital,2099-12-31\n`]), 'members.csv')
  const imported = await fetch(`${base}/admin/members`, {
    method: 'POST',
    headers: { cookie: admin, origin: base },
    body: form,
    redirect: 'manual',
  })
  const answer = await imported.text()
  if (imported.status >= 400) {
    throw new Error(`Importing the member answered ${imported.status}: ${answer.slice(0, 200)}`)
  }
  return cookie
}

async function main() {
  const machine = describeMachine()
  console.log(`Meter cost — ${machine.cores} cores, ${machine.node}, load ${machine.loadAverage}`)
  // BENCH_DATABASE_URL: a PostgreSQL server to run on (a fresh database on it), else PGlite.
  const database = process.env.BENCH_DATABASE_URL
    ? await freshDatabase(process.env.BENCH_DATABASE_URL, `bench_meter_${Date.now().toString(36)}`)
    : null
  console.log(`Database: ${database ? 'PostgreSQL' : 'embedded (PGlite)'}`)
  const server = await startServer({
    port: PORT,
    ...(database ? { env: { DATABASE_URL: database.url } } : {}),
  })
  try {
    await turnTheMeterOn(server.base)
    // A members story: the demo's Opinion section is for members; a free story from the home page.
    const opinion = await get(`${server.base}/category/opinion`)
    const home = await get(`${server.base}/`)
    const links = (html: string) =>
      [...html.matchAll(/href="(\/article\/[^"#?]+)"/g)].map((match) => match[1]!)
    let members: string | undefined
    let cookie = ''
    for (const path of links(opinion.body)) {
      const first = await get(server.base + path)
      const set = first.setCookie.find((line) => line.startsWith('meter='))
      if (set) {
        members = path
        cookie = set.split(';')[0]!
        break
      }
    }
    if (!members) throw new Error('No members story the meter counts in /category/opinion')
    const free = links(home.body).find((path) => !links(opinion.body).includes(path))
    if (!free) throw new Error('The home page links no free story')
    const member = await signUpMember(server.base)
    const fullText = await get(server.base + members, member)
    if (!fullText.body.includes('paywalled-content') || !fullText.body.includes('Profile')) {
      throw new Error(`The member did not get ${members} in full`)
    }
    const kinds: Record<string, () => Promise<unknown>> = {
      'cached hit': () => get(server.base + free),
      'uncached render': () => get(server.base + free, 'broadsheet.bench=1'),
      'metered re-read': () => get(server.base + members, cookie),
      'metered first read': () => get(server.base + members),
      "member's full text": () => get(server.base + members, member),
    }
    const results: Record<string, number[]> = {}
    for (const run of Object.values(kinds)) for (let i = 0; i < REQUESTS; i++) await run()
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of Object.entries(kinds)) {
        const before = processCpuMs(server.pid)!
        for (let i = 0; i < REQUESTS; i++) await run()
        ;(results[name] ??= []).push((processCpuMs(server.pid)! - before) / REQUESTS)
      }
    }
    for (const [name, values] of Object.entries(results)) {
      console.log(`${name.padEnd(20)} ${median(values).toFixed(3)} CPU ms per request`)
    }
  } finally {
    await stopServer(server)
    await database?.drop()
  }
}

await main()
