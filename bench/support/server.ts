/**
 * The production server under test, for every benchmark in bench/: started on 127.0.0.1 with a
 * throw-away data folder (demo content seeded on first start), ready when /healthz answers 200,
 * stopped with its whole process group. Whatever a script started here is killed and its
 * folders removed when the script ends, fails or is interrupted.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { processCpuMs } from '../machine'

/**
 * How the production server is started: the ONE place to change it. `pid` (the spawned
 * process) is what /proc is read for, so the command must be the server process itself, not a
 * shell or npm around it. The build carries the compiled server (docs/decisions/0029).
 */
function serverCommand(
  buildDir: string,
  plainNode = false,
  moreFlags: string[] = [],
): { command: string; args: string[] } {
  const flags = plainNode ? [] : SERVER_NODE_FLAGS
  // More flags for a look inside (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), never in NODE_OPTIONS.
  const extra = nodeFlagList(process.env.BENCH_SERVER_FLAGS)
  return {
    command: process.execPath,
    args: [...flags, ...moreFlags, ...extra, path.resolve(buildDir, 'server/main.js')],
  }
}

/** Node flags written as one space-separated string (`--a --b=1`), as a list. */
export function nodeFlagList(text = ''): string[] {
  return text.split(' ').filter(Boolean)
}

/**
 * How `npm run serve` starts Node (docs/deploy.md, "Memory"): a V8 heap of 192 MiB instead of
 * the quarter of the machine's memory V8 allows by default, that heap let grow to twice the
 * live data between full collections (decision 0063), two malloc arenas, and a fixed
 * threshold above which malloc maps memory of its own (returned when freed).
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=192', '--heap-growing-percent=100']
export const SERVER_NODE_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' }

export const BENCH_ADMIN = {
  email: 'bench-admin@example.com',
  password: 'bench-admin-password',
}

const START_TIMEOUT_MS = 180_000
const STOP_TIMEOUT_MS = 10_000

export interface ServerOptions {
  port: number
  /** The build to serve (BUILD_DIR, else `build`). */
  buildDir?: string
  /** An existing data folder (a warm start); by default a fresh one, removed at exit. */
  dataDir?: string
  /** The whole-page cache; unset, the server's default (on, as in production). */
  pageCache?: boolean
  /** More environment for the server (e.g. DATABASE_URL for a throw-away PostgreSQL). */
  env?: Record<string, string>
  /** Node's defaults instead of SERVER_NODE_FLAGS and SERVER_NODE_ENV (a build from before them). */
  plainNode?: boolean
  /** Variables left out of the server's environment (e.g. one of SERVER_NODE_ENV, to compare). */
  unsetEnv?: string[]
  /** Node flags after SERVER_NODE_FLAGS (a later one of the same name wins), to compare. */
  nodeFlags?: string[]
}

export interface RunningServer {
  /** The server process: read /proc/<pid> for its CPU time and memory. */
  pid: number
  base: string
  dataDir: string
  buildDir: string
  /** Spawn to the first 200 from /healthz, ms. */
  startMs: number
  /** The CPU time the server used until then (user + system, /proc), ms: the machine's load moves it less. */
  startCpuMs: number
  /** The last 20,000 characters the server wrote. */
  output(): string
  child: ChildProcess
}

const groups = new Set<number>()
const tempDirs = new Set<string>()
let cleanupInstalled = false

/** A folder removed when the script exits, whatever the way. */
export function tempDir(prefix: string) {
  installCleanup()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.add(dir)
  return dir
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  installCleanup()
  const base = `http://127.0.0.1:${options.port}`
  const answered = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  )
  if (answered) throw new Error(`Something already answers on ${base}; set BENCH_PORT.`)
  const buildDir = options.buildDir ?? process.env.BUILD_DIR ?? 'build'
  if (!fs.existsSync(path.resolve(buildDir, 'server/main.js'))) {
    throw new Error(`No build in ${buildDir}: run \`BUILD_DIR=${buildDir} npm run build\` first.`)
  }
  const dataDir = options.dataDir ?? tempDir('broadsheet-bench-')
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: base,
    LOG_LEVEL: 'warn',
    BUILD_DIR: buildDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // Named, so the back office shows its pages at once (not the display-name step).
    ADMIN_NAME: 'admin',
    // The back office does not ask for the site's time zone either.
    SITE_TIME_ZONE: 'UTC',
    BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ...(options.plainNode ? {} : SERVER_NODE_ENV),
    ...(options.pageCache === undefined ? {} : { PAGE_CACHE: String(options.pageCache) }),
    ...options.env,
  }
  // Local disk and the mail outbox: a benchmark never talks to outside services.
  for (const name of Object.keys(env)) if (/^(S3_|SMTP_)/.test(name)) delete env[name]
  for (const name of options.unsetEnv ?? []) delete env[name]

  const { command, args } = serverCommand(buildDir, options.plainNode, options.nodeFlags)
  const started = performance.now()
  // Its own process group, so that stopping it stops whatever it started too.
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  if (child.pid === undefined) throw new Error(`Could not start ${command}`)
  groups.add(child.pid)
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const server: RunningServer = {
    pid: child.pid,
    base,
    dataDir,
    buildDir,
    startMs: NaN,
    startCpuMs: NaN,
    output: () => log,
    child,
  }

  while (performance.now() - started < START_TIMEOUT_MS) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stopServer(server)
      throw new Error(`The server exited during start-up (code ${child.exitCode}):\n${log}`)
    }
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ok) {
      server.startMs = performance.now() - started
      server.startCpuMs = processCpuMs(child.pid) ?? NaN
      return server
    }
    await sleep(20)
  }
  await stopServer(server)
  throw new Error(`The server did not answer /healthz within ${START_TIMEOUT_MS / 1000} s:\n${log}`)
}

/** SIGTERM to the server's process group (it flushes and closes its database), SIGKILL after 10 s. */
export async function stopServer(server: RunningServer) {
  await stopGroup(server.child)
}

/** Stops a child spawned `detached` (its own process group): SIGTERM, then SIGKILL. */
export async function stopGroup(child: ChildProcess) {
  const pid = child.pid
  if (pid === undefined) return
  const exited =
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit')
  signalGroup(pid, 'SIGTERM')
  const stopped = await Promise.race([
    exited.then(() => true),
    sleep(STOP_TIMEOUT_MS).then(() => false),
  ])
  // Whatever is left of the group (the leader timed out, or something it started lingers).
  signalGroup(pid, 'SIGKILL')
  if (!stopped) await exited
  groups.delete(pid)
}

/** Tracks a child spawned `detached`, so that it is killed if the script ends first. */
export function trackGroup(child: ChildProcess) {
  installCleanup()
  if (child.pid !== undefined) groups.add(child.pid)
  return child
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // The group is gone already.
  }
}

/** Synchronous, so it also works from an 'exit' or signal handler. */
function cleanUpNow() {
  for (const pid of groups) signalGroup(pid, 'SIGKILL')
  groups.clear()
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
  tempDirs.clear()
}

function installCleanup() {
  if (cleanupInstalled) return
  cleanupInstalled = true
  process.once('exit', cleanUpNow)
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      cleanUpNow()
      process.exit(130)
    })
  }
}

/** Signs BENCH_ADMIN in on a running server: the session cookie to send with each request. */
export async function signInAsBenchAdmin(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_ADMIN),
  })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`The admin's sign-in answered ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}
