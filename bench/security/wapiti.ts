/**
 * The second half of `npm run bench:security`: wapiti (Debian's, `apt-get install -y wapiti`) crawls and attacks a throw-away production server (PGlite, demo content) as an
 * anonymous visitor, with the modules below, bounded by WAPITI_MINUTES. Every finding
 * (vulnerabilities and anomalies, e.g. a 500) must match a line of
 * bench/security/wapiti-allow.txt, which says why it is accepted; anything else fails the run.
 * Results: docs/security.md, "Scanners".
 *
 *   BUILD_DIR=/tmp/me/build npx react-router build
 *   BUILD_DIR=/tmp/me/build node --import tsx bench/security/wapiti.ts                 # ≤ 15 min
 *   WAPITI_MINUTES=3 BUILD_DIR=/tmp/me/build node --import tsx bench/security/wapiti.ts  # quick
 *
 * Modules left out: ssrf and xxe (they need wapiti's endpoint on the internet), nikto and
 * buster (word-list brute force of paths, no input of ours), brute_login_form (sign-in guessing:
 * the lock-out is proven by tests/integration/auth-rate-limits.test.ts), wapp (a fingerprint).
 *
 * Environment: BENCH_PORT (3620), WAPITI_MINUTES the scan's bound (15; one module may take half
 * of it), WAPITI_JSON a file for the report, WAPITI_OUTPUT a folder to keep wapiti's output in,
 * BUILD_DIR (build).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describeMachine, loadAverage } from '../machine'
import { startServer, stopServer, tempDir, trackGroup } from '../support/server'
import { wholeNumber } from '../support/settings'
import { buildEnv } from './support/traffic'

const PORT = wholeNumber('BENCH_PORT', 3620)
const MINUTES = Math.max(1, wholeNumber('WAPITI_MINUTES', 15))
const ALLOW_FILE = path.resolve('bench/security/wapiti-allow.txt')

export const MODULES = [
  'sql',
  'blindsql',
  'xss',
  'permanentxss',
  'exec',
  'file',
  'crlf',
  'redirect',
  'backup',
  'htaccess',
  'methods',
  'shellshock',
  'http_headers',
  'cookieflags',
  'csp',
  'csrf',
]

export interface Finding {
  kind: 'vulnerability' | 'anomaly'
  category: string
  method: string
  path: string
  parameter: string
  info: string
}

export interface AllowRule {
  category: string
  path: RegExp
  info: RegExp
  why: string
}

/** `category | path regex | info regex | why`, one a line; `#` starts a comment. */
export function readAllowList(text: string): AllowRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [category, pathRe, infoRe, why] = line.split(' | ').map((s) => s.trim())
      if (!category || !pathRe || !infoRe || !why) {
        throw new Error(`wapiti-allow.txt: not "category | path | info | why": ${line}`)
      }
      return { category, path: new RegExp(pathRe), info: new RegExp(infoRe, 's'), why }
    })
}

export function allowedBy(finding: Finding, rules: AllowRule[]) {
  return rules.find(
    (rule) =>
      rule.category === finding.category &&
      rule.path.test(finding.path) &&
      rule.info.test(finding.info),
  )
}

interface WapitiEntry {
  method?: string
  path?: string
  info?: string
  parameter?: string
}

export function findingsOf(report: {
  vulnerabilities?: Record<string, WapitiEntry[]>
  anomalies?: Record<string, WapitiEntry[]>
}): Finding[] {
  const out: Finding[] = []
  for (const [kind, groups] of [
    ['vulnerability', report.vulnerabilities ?? {}],
    ['anomaly', report.anomalies ?? {}],
  ] as const) {
    for (const [category, entries] of Object.entries(groups)) {
      for (const e of entries) {
        out.push({
          kind,
          category,
          method: e.method ?? '',
          path: e.path ?? '',
          parameter: e.parameter ?? '',
          info: e.info ?? '',
        })
      }
    }
  }
  return out
}

async function main() {
  const buildDir = process.env.BUILD_DIR ?? 'build'
  const machine = describeMachine()
  const loadBefore = loadAverage()
  const rules = readAllowList(fs.readFileSync(ALLOW_FILE, 'utf8'))
  const server = await startServer({ port: PORT, buildDir, env: buildEnv(buildDir) })
  const work = process.env.WAPITI_OUTPUT ?? tempDir('broadsheet-wapiti-')
  fs.mkdirSync(work, { recursive: true })
  const reportFile = path.join(work, 'report.json')
  const seconds = MINUTES * 60
  const args = [
    '-u',
    `${server.base}/`,
    '--scope',
    'folder',
    '-m',
    MODULES.join(','),
    '--max-scan-time',
    String(seconds),
    // One module may take half the time: only the time-based blindsql gets near it (each try
    // waits for a delay that never comes); the others finish well within.
    '--max-attack-time',
    String(Math.max(60, Math.floor(seconds / 2))),
    '--max-links-per-page',
    '40',
    '--flush-session',
    '--store-session',
    path.join(work, 'session'),
    '-t',
    '30',
    // wapiti asks for brotli but Debian's cannot decode it (no python3-brotli): without this it
    // reads the home page as noise, finds no link and scans one address.
    '-H',
    'Accept-Encoding: gzip, deflate',
    '-f',
    'json',
    '-o',
    reportFile,
  ]
  const command =
    `wapiti ${args.map((a) => (a.includes(' ') ? `'${a}'` : a)).join(' ')}`.replaceAll(
      server.base,
      'http://127.0.0.1:PORT',
    )
  console.log(
    `wapiti, ${MODULES.length} modules, at most ${MINUTES} min; ${machine.cores} cores; ` +
      `load average ${loadBefore}\n  ${command}`,
  )
  let output = ''
  const started = performance.now()
  try {
    const child = trackGroup(
      spawn('wapiti', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
    )
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    // wapiti's own bound, and ours a little later in case it overruns.
    const timer = setTimeout(
      () => child.pid && process.kill(-child.pid, 'SIGKILL'),
      (seconds + 300) * 1000,
    )
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    clearTimeout(timer)
    fs.writeFileSync(path.join(work, 'wapiti.log'), output)
    if (code !== 0 || !fs.existsSync(reportFile)) {
      throw new Error(`wapiti exited with ${code} and no report:\n${output.slice(-3000)}`)
    }
  } finally {
    await stopServer(server)
  }
  const minutes = (performance.now() - started) / 60_000
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'))
  if (process.env.WAPITI_JSON) fs.copyFileSync(reportFile, process.env.WAPITI_JSON)
  const findings = findingsOf(report)
  const crawled = /found (\d+) URLs and forms/.exec(output)?.[1]
  const refused: Finding[] = []
  const accepted = new Map<string, number>()
  for (const finding of findings) {
    const rule = allowedBy(finding, rules)
    if (rule) accepted.set(rule.why, (accepted.get(rule.why) ?? 0) + 1)
    else refused.push(finding)
  }
  const byCategory = new Map<string, number>()
  for (const f of findings) byCategory.set(f.category, (byCategory.get(f.category) ?? 0) + 1)
  console.log(
    `\n${findings.length} findings in ${minutes.toFixed(1)} min` +
      `${crawled ? ` (${crawled} addresses crawled)` : ''}: ` +
      `${[...byCategory].map(([c, n]) => `${c} × ${n}`).join(', ') || 'none'}`,
  )
  for (const [why, n] of accepted) console.log(`  allowed × ${n}: ${why}`)
  for (const f of refused) {
    console.log(`  NOT ALLOWED: ${f.category} ${f.method} ${f.path} ${f.parameter}: ${f.info}`)
  }
  const cut = [...output.matchAll(/Max attack time was reached for module (\w+)/g)].map((m) => m[1])
  if (cut.length) console.log(`  cut at the attack bound: ${cut.join(', ')}`)
  console.log(`load average ${loadBefore} → ${loadAverage()}; wapiti's output: ${work}`)
  console.log(refused.length ? 'FAIL' : 'PASS')
  return refused.length ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error)
    process.exit(1)
  },
)
