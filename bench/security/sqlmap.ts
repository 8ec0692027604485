/**
 * The first half of `npm run bench:security`: sqlmap (Debian's, `apt-get install -y sqlmap`) at `--level 3 --risk 2` against every parameter of the reader's search, listings and
 * slugs, the admin article list's filters and one form of each admin screen, on a throw-away
 * production server (PGlite, demo content). Results: docs/security.md, "Scanners".
 *
 * The positive control: a tiny server started here, beside the site and never part of any build,
 * answers a search and an article address from a copy of the site's articles in the same database
 * engine (PGlite, in memory) by pasting the input into its SQL. sqlmap, run with the very same
 * options, must find both injections; a scanner that finds nothing there proves nothing
 * elsewhere, and the run fails.
 *
 * Passes when the control is found, nothing is found on the site, the site answered no request
 * with a 5xx (bad input is a 4xx), and every parameter listed for a target was reported tested
 * (a run cut short, or a parameter sqlmap skipped, fails it).
 *
 *   BUILD_DIR=/tmp/me/build npx react-router build
 *   BUILD_DIR=/tmp/me/build node --import tsx bench/security/sqlmap.ts       # everything, ~30 min
 *   SQLMAP_TARGETS=search,admin-tags BUILD_DIR=… node --import tsx bench/security/sqlmap.ts  # a few
 *
 * Environment: BENCH_PORT (3610; the control takes the next port), SQLMAP_TARGETS (names,
 * comma-separated; all by default; the control always runs), SQLMAP_TARGET_MINUTES the bound
 * per target (10), SQLMAP_THREADS (4), SQLMAP_JSON a file for the results, SQLMAP_OUTPUT a folder
 * to keep sqlmap's logs in, BUILD_DIR (build).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { describeMachine, loadAverage } from '../machine'
import { BENCH_ADMIN, startServer, stopServer, tempDir, trackGroup } from '../support/server'
import { wholeNumber } from '../support/settings'
import { buildEnv, Client } from './support/traffic'

const PORT = wholeNumber('BENCH_PORT', 3610)
const CONTROL_PORT = PORT + 1
const TARGET_MINUTES = Math.max(1, wholeNumber('SQLMAP_TARGET_MINUTES', 10))
const THREADS = Math.max(1, wholeNumber('SQLMAP_THREADS', 4))
const ONLY = (process.env.SQLMAP_TARGETS ?? '').split(',').filter(Boolean)

/** The options every target is scanned with, the control included. */
const SQLMAP_OPTIONS = [
  '--batch',
  '--level=3',
  '--risk=2',
  '--dbms=PostgreSQL',
  '--time-sec=2',
  `--threads=${THREADS}`,
  '--timeout=30',
  '--retries=1',
  '--flush-session',
  '--disable-coloring',
  // A custom injection marker (*) is processed; a redirect is not followed (a form's answer is
  // the redirect itself, or a 4xx with its message); nothing is asked.
  '--answers=custom injection marker=Y,follow=N,keep testing the others=Y',
]

export interface Target {
  name: string
  /** The address; `*` marks a place in the path to inject into. */
  url: string
  data?: string
  cookie?: string
  /** The parameters sqlmap must report tested (as it names them: `q`, `#1*`, `User-Agent`…). */
  parameters: string[]
  /** Level 3 tries the User-Agent and Referer headers too: on one target only, for time. */
  headers?: boolean
  control?: boolean
}

export interface Outcome {
  name: string
  command: string
  tested: string[]
  missing: string[]
  found: string[]
  /** Answers of 500 and above sqlmap counted ("HTTP error codes detected during run"). */
  serverErrors: number
  minutes: number
  timedOut: boolean
}

// ---------------------------------------------------------------------------------------------
// The positive control
// ---------------------------------------------------------------------------------------------

async function startControl(articles: { slug: string; title: string }[]) {
  const db = new PGlite()
  await db.exec(
    'create table articles (id serial primary key, slug text not null, title text not null)',
  )
  for (const a of articles) {
    await db.query('insert into articles (slug, title) values ($1, $2)', [a.slug, a.title])
  }
  const page = (body: string) =>
    `<!doctype html><html><head><title>Control</title></head><body>${body}</body></html>`
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${CONTROL_PORT}`)
    try {
      // DELIBERATELY VULNERABLE: the input pasted into the SQL. Test-only; never in the site.
      if (url.pathname === '/control/search') {
        const q = url.searchParams.get('q') ?? ''
        const result = await db.query<{ slug: string; title: string }>(
          `select slug, title from articles where title ilike '%${q}%' order by id`,
        )
        const items = result.rows.map((r) => `<li>${r.title.replace(/</g, '&lt;')}</li>`)
        res.writeHead(200, { 'content-type': 'text/html' }).end(page(`<ul>${items.join('')}</ul>`))
        return
      }
      const slug = /^\/control\/article\/(.+)$/.exec(url.pathname)?.[1]
      if (slug) {
        const result = await db.query<{ title: string }>(
          `select title from articles where slug = '${decodeURIComponent(slug)}'`,
        )
        if (!result.rows.length) {
          res.writeHead(404, { 'content-type': 'text/html' }).end(page('<p>Not found</p>'))
          return
        }
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(page(`<h1>${result.rows[0].title.replace(/</g, '&lt;')}</h1>`))
        return
      }
      res.writeHead(404).end(page('<p>Not found</p>'))
    } catch {
      // As a careless site does: a generic error page, no SQL error shown.
      res.writeHead(500, { 'content-type': 'text/html' }).end(page('<p>Something went wrong</p>'))
    }
  })
  await new Promise<void>((resolve) => server.listen(CONTROL_PORT, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${CONTROL_PORT}`,
    async stop() {
      await new Promise((resolve) => server.close(resolve))
      await db.close()
    },
  }
}

// ---------------------------------------------------------------------------------------------
// The site's targets
// ---------------------------------------------------------------------------------------------

function unique<T>(values: T[]) {
  return [...new Set(values)]
}

async function siteTargets(base: string, controlBase: string, client: Client) {
  const signIn = await client.request('POST', '/signin', {
    form: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
  })
  const cookie = (signIn.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0])
    .filter((c) => c.startsWith('broadsheet.session'))
    .join('; ')
  if (!cookie) throw new Error(`The admin's sign-in answered ${signIn.status} and no session`)
  const get = async (pathname: string) => {
    const answer = await client.request('GET', pathname, { keep: true, headers: { cookie } })
    if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`)
    return answer.body
  }
  const home = await get('/')
  const links = (html: string, prefix: string) =>
    unique([...html.matchAll(new RegExp(`href="/${prefix}/([^"#?/]+)"`, 'g'))].map((m) => m[1]))
  const [article] = links(home, 'article')
  const [category] = links(home, 'category')
  const articleHtml = await get(`/article/${article}`)
  const [tag] = links(articleHtml, 'tag')
  const [author] = links(articleHtml, 'author')
  if (!article || !category || !tag || !author) {
    throw new Error('The home page and its first article link no category, tag or author')
  }
  const adminList = await get('/admin/articles')
  // The first id in each screen's loader data (turbo-stream: `\"id\",7`).
  const firstId = (html: string) => /\\"id\\",(\d+)/.exec(html)?.[1]
  // A viewer to change the role of: signed up, so that nothing rides on the admin's own row.
  const viewer = `sqlmap-viewer-${Date.now().toString(36)}@example.com`
  await client.request('POST', '/signup', {
    form: { email: viewer, password: 'sqlmap-viewer-password' },
  })
  const usersHtml = await get('/admin/users')
  const before = usersHtml.slice(0, usersHtml.indexOf(`${viewer}\\"`))
  const ids = {
    article: /\/admin\/edit-article\/(\d+)/.exec(adminList)?.[1],
    category: firstId(await get('/admin/categories')),
    tag: firstId(await get('/admin/tags')),
    // The user's id comes just before its address: `\"<id>\",\"<email>\"`.
    user: /\\"([^"\\]+)\\",\\"$/.exec(before)?.[1],
  }
  for (const [name, id] of Object.entries(ids)) {
    if (!id) throw new Error(`No ${name} id found on the admin screens`)
  }
  const id = (name: keyof typeof ids) => ids[name] ?? ''

  const reader: Target[] = [
    { name: 'search', url: `${base}/search?q=harbour&page=1`, parameters: ['q', 'page'] },
    {
      name: 'search-api',
      url: `${base}/api/search?q=harbour&limit=5`,
      parameters: ['q', 'limit'],
    },
    { name: 'article-slug', url: `${base}/article/${article}*`, parameters: ['#1*'] },
    { name: 'category-slug', url: `${base}/category/${category}*`, parameters: ['#1*'] },
    { name: 'category-page', url: `${base}/category/${category}?page=1`, parameters: ['page'] },
    { name: 'tag-slug', url: `${base}/tag/${tag}*`, parameters: ['#1*'] },
    { name: 'tag-page', url: `${base}/tag/${tag}?page=1`, parameters: ['page'] },
    { name: 'author-slug', url: `${base}/author/${author}*`, parameters: ['#1*'] },
    { name: 'author-page', url: `${base}/author/${author}?page=1`, parameters: ['page'] },
    { name: 'corrections-page', url: `${base}/corrections?page=1`, parameters: ['page'] },
  ]
  // Level 3 also tries the User-Agent and Referer headers on every target: counted once, on the
  // search page. Level 2 would try the cookies, but sqlmap leaves the session cookie alone (its
  // name says token: "appears to hold anti-CSRF token"); better-auth checks the cookie's
  // signature before any query, so a changed value never reaches the database anyway.
  reader[0].parameters.push('User-Agent', 'Referer')
  reader[0].headers = true
  const mark = (data: Record<string, string>) => new URLSearchParams(data).toString()
  // The back office as its own pages call it: form posts and loads go to the route's `.data`
  // address (React Router's single fetch) and answer with the route's data alone, from the same
  // loader and action code as the HTML page. sqlmap compares every answer with the others, and a
  // whole admin page (the categories screen grows by a row with each post sqlmap's create
  // makes it save) costs it seconds a comparison.
  const admin: Target[] = [
    {
      name: 'admin-article-filters',
      url: `${base}/admin/articles.data?q=harbour&status=published&category=${ids.category}&sort=created-desc&page=1`,
      cookie,
      parameters: ['q', 'status', 'category', 'sort', 'page'],
    },
    {
      name: 'admin-categories',
      url: `${base}/admin/categories.data`,
      cookie,
      data: mark({
        intent: 'create',
        name: 'Scanner desk',
        slug: 'scanner-desk',
        description: 'Made by sqlmap',
      }),
      parameters: ['intent', 'name', 'slug', 'description'],
    },
    {
      name: 'admin-tags',
      url: `${base}/admin/tags.data`,
      cookie,
      data: mark({ intent: 'create', name: 'Scanner tag' }),
      parameters: ['intent', 'name'],
    },
    {
      name: 'admin-article-form',
      url: `${base}/admin/edit-article/${ids.article}.data`,
      cookie,
      data: mark({
        title: 'Scanned article',
        excerpt: 'An excerpt',
        content: '<p>Body</p>',
        categoryId: id('category'),
        status: 'draft',
        tags: id('tag'),
        newTags: 'scanner',
        authorId: '',
      }),
      parameters: ['title', 'excerpt', 'content', 'categoryId', 'status', 'tags', 'newTags'],
    },
    {
      name: 'admin-settings',
      url: `${base}/admin/settings.data`,
      cookie,
      data: mark({
        intent: 'social-add',
        platform: 'Mastodon',
        url: 'https://example.com/@broadsheet',
        icon: 'twitter',
      }),
      parameters: ['intent', 'platform', 'url', 'icon'],
    },
    {
      name: 'admin-users',
      url: `${base}/admin/users.data`,
      cookie,
      data: mark({ intent: 'set-role', userId: id('user'), role: 'viewer' }),
      parameters: ['intent', 'userId', 'role'],
    },
  ]
  const control: Target[] = [
    {
      name: 'control-search',
      url: `${controlBase}/control/search?q=harbour`,
      parameters: ['q'],
      control: true,
    },
    {
      name: 'control-slug',
      url: `${controlBase}/control/article/${article}*`,
      parameters: ['#1*'],
      control: true,
    },
  ]
  return { targets: [...control, ...reader, ...admin], article }
}

// ---------------------------------------------------------------------------------------------
// Running sqlmap
// ---------------------------------------------------------------------------------------------

/** What sqlmap's output says of the parameters it tried and the injections it found. */
export function readSqlmapOutput(output: string) {
  const tested = new Set<string>()
  const found = new Set<string>()
  // `GET parameter 'q' does not seem to be injectable`, `parameter 'User-Agent' …`,
  // `URI parameter '#1*' appears to be 'AND boolean-based blind …' injectable`, `… is vulnerable`.
  for (const m of output.matchAll(
    /parameter '([^']+)' (does not seem to be injectable|appears to be '[^']+' injectable|is '[^']+' injectable|is vulnerable)/g,
  )) {
    tested.add(m[1])
    if (!m[2].startsWith('does not')) found.add(m[1])
  }
  // The summary of what was found: `Parameter: q (GET)`.
  for (const m of output.matchAll(
    /^Parameter: (.+?) \((?:GET|POST|URI|Cookie|User-Agent|Referer)\)/gm,
  )) {
    found.add(m[1].trim())
    tested.add(m[1].trim())
  }
  // `[WARNING] HTTP error codes detected during run:` then `404 (Not Found) - 371 times, …`.
  let serverErrors = 0
  for (const m of output.matchAll(/\b(\d{3}) \([^)]*\) - (\d+) times/g)) {
    if (Number(m[1]) >= 500) serverErrors += Number(m[2])
  }
  return { tested: [...tested], found: [...found], serverErrors }
}

async function scan(target: Target, site: string, outputDir: string): Promise<Outcome> {
  const args = [
    '-u',
    target.url,
    ...SQLMAP_OPTIONS,
    `--output-dir=${outputDir}`,
    // Our own pages' posts (app/infra/csrf.server.ts): the browser's Origin on every request.
    `--headers=Origin: ${new URL(target.url).origin}`,
    ...(target.data ? [`--data=${target.data}`] : []),
    ...(target.cookie ? [`--cookie=${target.cookie}`] : []),
    ...(target.headers || target.control ? [] : ['--skip=User-Agent,Referer']),
  ]
  const command = `sqlmap ${args.map((a) => (/[\s&;*?]/.test(a) ? `'${a}'` : a)).join(' ')}`
  const started = performance.now()
  const child = trackGroup(
    spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  }, TARGET_MINUTES * 60_000)
  await new Promise((resolve) => child.on('exit', resolve))
  clearTimeout(timer)
  fs.writeFileSync(path.join(outputDir, `${target.name}.log`), `${command}\n\n${output}`)
  const { tested, found, serverErrors } = readSqlmapOutput(output)
  const outcome: Outcome = {
    name: target.name,
    command: command.replaceAll(site, 'http://127.0.0.1:PORT'),
    tested,
    missing: target.parameters.filter((p) => !tested.includes(p)),
    found,
    serverErrors,
    minutes: (performance.now() - started) / 60_000,
    timedOut,
  }
  console.log(
    `  ${target.name.padEnd(22)} ${outcome.minutes.toFixed(1).padStart(4)} min  tested ` +
      `${tested.join(', ') || 'nothing'}${outcome.missing.length ? `  NOT TESTED ${outcome.missing.join(', ')}` : ''}` +
      `  found ${found.length ? found.join(', ') : 'nothing'}` +
      `${serverErrors ? `  5xx × ${serverErrors}` : ''}${timedOut ? '  (cut at the bound)' : ''}`,
  )
  return outcome
}

async function main() {
  const buildDir = process.env.BUILD_DIR ?? 'build'
  const machine = describeMachine()
  const loadBefore = loadAverage()
  const version = await new Promise<string>((resolve) => {
    const child = spawn('sqlmap', ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
    let out = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.on('error', () => resolve(''))
    child.on('exit', () => resolve(out.trim().split('\n')[0] ?? ''))
  })
  if (!version) throw new Error('No sqlmap: apt-get install -y sqlmap')
  console.log(
    `sqlmap ${version}, ${SQLMAP_OPTIONS.slice(0, 6).join(' ')}; ${machine.cores} cores; ` +
      `load average ${loadBefore}`,
  )
  const server = await startServer({ port: PORT, buildDir, env: buildEnv(buildDir) })
  const client = new Client(server.base, 2)
  const outputDir = process.env.SQLMAP_OUTPUT ?? tempDir('broadsheet-sqlmap-')
  fs.mkdirSync(outputDir, { recursive: true })
  let control: Awaited<ReturnType<typeof startControl>> | undefined
  const outcomes: Outcome[] = []
  try {
    const home = await client.request('GET', '/', { keep: true })
    const slugs = unique([...home.body.matchAll(/href="\/article\/([^"#?/]+)"/g)].map((m) => m[1]))
    control = await startControl(slugs.map((slug) => ({ slug, title: slug.replace(/-/g, ' ') })))
    const { targets } = await siteTargets(server.base, control.base, client)
    const chosen = targets.filter((t) => t.control || !ONLY.length || ONLY.includes(t.name))
    for (const target of chosen) outcomes.push(await scan(target, server.base, outputDir))
  } finally {
    client.close()
    await control?.stop()
    await stopServer(server)
  }
  const loadAfter = loadAverage()

  const controls = outcomes.filter((o) => o.name.startsWith('control'))
  const site = outcomes.filter((o) => !o.name.startsWith('control'))
  const controlFound = controls.every((o) => o.found.length > 0)
  const siteFound = site.flatMap((o) => o.found.map((p) => `${o.name}: ${p}`))
  const incomplete = site.filter((o) => o.missing.length || o.timedOut)
  const parameters = site.reduce((n, o) => n + o.tested.length, 0)
  // Bad input is a 4xx with a message, never a 5xx (the control's 500s are its own).
  const fiveXx = site.reduce((n, o) => n + o.serverErrors, 0)
  console.log(
    `\n${site.length} targets, ${parameters} parameters tested on the site: found ` +
      `${siteFound.length ? siteFound.join('; ') : 'nothing'}; control ` +
      `${controls.map((o) => `${o.name} ${o.found.length ? 'FOUND' : 'NOT FOUND'}`).join(', ')}; ` +
      `${incomplete.length ? `incomplete: ${incomplete.map((o) => o.name).join(', ')}; ` : ''}` +
      `5xx from the site ${fiveXx}; ` +
      `${outcomes.reduce((n, o) => n + o.minutes, 0).toFixed(0)} min; load average ${loadBefore} → ${loadAfter}` +
      `\nsqlmap logs: ${outputDir}`,
  )
  if (process.env.SQLMAP_JSON) {
    fs.writeFileSync(
      process.env.SQLMAP_JSON,
      JSON.stringify({ version, loadBefore, loadAfter, outcomes }, null, 2),
    )
  }
  const failed = !controlFound || siteFound.length > 0 || incomplete.length > 0 || fiveXx > 0
  console.log(failed ? 'FAIL' : 'PASS')
  return failed ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error)
    process.exit(1)
  },
)
