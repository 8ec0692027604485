import { execFile, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { promisify } from 'node:util'

/** The configuration the repository ships (docs/deploy.md, "Behind Varnish"). */
export const VCL_PATH = path.resolve(import.meta.dirname, '../../deploy/varnish/broadsheet.vcl')

const BACKEND_LINE = /^backend instance1 \{ \.host = "127\.0\.0\.1"; \.port = "3000";(.*)\}$/m
const DIRECTOR_LINE = '    instances.add_backend(instance1);'

/**
 * The shipped configuration with one backend per port (its one backend line repeated, as
 * docs/deploy.md tells an operator to): what the tests and benches run.
 */
export function vclFor(ports: readonly number[]): string {
  const vcl = fs.readFileSync(VCL_PATH, 'utf8')
  const line = BACKEND_LINE.exec(vcl)
  if (!line || !vcl.includes(DIRECTOR_LINE)) {
    throw new Error(`${VCL_PATH}: its backend or director line moved; update vclFor`)
  }
  const backends = ports
    .map(
      (port, i) => `backend instance${i + 1} { .host = "127.0.0.1"; .port = "${port}";${line[1]}}`,
    )
    .join('\n')
  const director = ports.map((_, i) => `    instances.add_backend(instance${i + 1});`).join('\n')
  return vcl.replace(line[0], backends).replace(DIRECTOR_LINE, director)
}

export interface RunningVarnish {
  base: string
  /** Varnish's counters (varnishstat), by name without the `MAIN.` prefix. */
  counters(): Promise<Record<string, number>>
  /** The varnishd processes' resident memory, KiB, and CPU seconds used so far. */
  usage(): { rssKiB: number; cpuSeconds: number }
  close(): Promise<void>
}

/** Whether Debian's varnish (varnishd) is installed. */
export function hasVarnish() {
  return ['/usr/sbin/varnishd', '/usr/bin/varnishd'].some((p) => fs.existsSync(p))
}

/**
 * Runs varnishd in the foreground (it stops with this process's call to `close`), listening
 * on 127.0.0.1:`port` in front of the instances on `backendPorts`, with its own work folder.
 */
export async function startVarnish(
  port: number,
  backendPorts: readonly number[],
  memory = '128m',
): Promise<RunningVarnish> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-varnish-'))
  fs.chmodSync(dir, 0o755)
  const vclFile = path.join(dir, 'broadsheet.vcl')
  fs.writeFileSync(vclFile, vclFor(backendPorts))
  fs.chmodSync(vclFile, 0o644)
  const workDir = path.join(dir, 'work')
  const child: ChildProcess = spawn(
    'varnishd',
    [
      '-F',
      // No jail: varnishd would read the VCL as its own unprivileged user, which cannot enter
      // the test run's private temporary folder (mode 0700, scripts/test.sh). A deployment
      // keeps Varnish's default jail (docs/deploy.md).
      '-j',
      'none',
      '-n',
      workDir,
      '-a',
      `127.0.0.1:${port}`,
      '-T',
      'none',
      '-f',
      vclFile,
      '-s',
      `malloc,${memory}`,
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` },
    },
  )
  let log = ''
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()))
  const base = `http://127.0.0.1:${port}`
  const started = performance.now()
  const fail = (message: string) => {
    child.kill('SIGKILL')
    fs.rmSync(dir, { recursive: true, force: true })
    return new Error(message)
  }
  for (;;) {
    if (child.exitCode !== null) throw fail(`varnishd exited (${child.exitCode}):\n${log}`)
    // Any answer (a 503 while no instance is up yet) means it listens.
    const up = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      () => true,
      () => false,
    )
    if (up) break
    if (performance.now() - started > 30_000) throw fail(`varnishd did not answer in 30 s:\n${log}`)
    await sleep(100)
  }
  const run = promisify(execFile)
  return {
    base,
    async counters() {
      const { stdout } = await run('varnishstat', ['-n', workDir, '-1', '-j'], {
        env: { ...process.env, PATH: `${process.env.PATH}:/usr/bin:/usr/sbin` },
      })
      const json = JSON.parse(stdout) as {
        counters?: Record<string, { value: number }>
      } & Record<string, { value: number }>
      const counters = json.counters ?? json
      const out: Record<string, number> = {}
      for (const [name, counter] of Object.entries(counters)) {
        if (name.startsWith('MAIN.') && typeof counter?.value === 'number')
          out[name.slice(5)] = counter.value
      }
      return out
    },
    usage() {
      // The manager is our child; the worker (cache) process is its child.
      let rssKiB = 0
      let cpuSeconds = 0
      const ticks = 100
      for (const pid of [child.pid, ...childrenOf(child.pid)]) {
        try {
          const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
          rssKiB += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
          cpuSeconds += (Number(fields[11]) + Number(fields[12])) / ticks
        } catch {
          // Gone meanwhile.
        }
      }
      return { rssKiB, cpuSeconds }
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))])
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

function childrenOf(pid: number | undefined): number[] {
  if (!pid) return []
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}
