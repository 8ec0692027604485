import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// A streaming replica of a PostgreSQL server on 127.0.0.1, made with pg_basebackup for a run
// and removed after it: the election-night bench's (DATABASE_READ_URL) and the test of reads
// returning to it once it has replayed a change (server/replica-follow.pg.test.ts). PostgreSQL
// refuses to run as root, so as root its tools run as the postgres user. The primary must
// accept replication connections from 127.0.0.1 (initdb's pg_hba.conf does) with wal_level
// replica (the default).

export interface StreamingReplica {
  /** The primary's address with the replica's port. */
  url: string
  /** Its data folder (postmaster.pid names its server process). */
  dataDir: string
  /** How long pg_basebackup took, s. */
  basebackupS: number
  stop(): void
}

/**
 * PostgreSQL's programs: PG_BIN, else the folder of the `postgres` server on the PATH (its
 * tools are beside it; Debian's /usr/bin holds only wrappers), else Debian's.
 */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const server = dir ? path.join(dir, 'postgres') : ''
    // Through a link to the server, to the folder that holds it and its tools.
    if (server && fs.existsSync(server)) return path.dirname(fs.realpathSync(server))
  }
  return '/usr/lib/postgresql/15/bin'
}

const asRoot = process.getuid?.() === 0

function run(command: string) {
  return asRoot
    ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: 'pipe' })
    : execFileSync('/bin/sh', ['-c', command], { stdio: 'pipe' })
}

export function startStreamingReplica(
  primaryUrl: string,
  port: number,
  bin = postgresBin(),
): StreamingReplica {
  const primary = new URL(primaryUrl)
  // As root the folder is the postgres user's, under /tmp: the test run's own temporary folder
  // (TMPDIR, 0700) is not one it may enter.
  const dir = fs.mkdtempSync(path.join(asRoot ? '/tmp' : os.tmpdir(), 'broadsheet-replica-'))
  if (asRoot) fs.chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0)
  const dataDir = path.join(dir, 'data')
  const started = performance.now()
  run(
    `${bin}/pg_basebackup -h ${primary.hostname} -p ${primary.port || 5432} -U ${primary.username || 'postgres'} -D ${dataDir} -R -X stream -c fast`,
  )
  const basebackupS = (performance.now() - started) / 1000
  run(
    `${bin}/pg_ctl -D ${dataDir} -o '-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c hot_standby_feedback=on' -l ${dir}/log -w start`,
  )
  const url = new URL(primaryUrl)
  url.port = String(port)
  return {
    url: url.href,
    dataDir,
    basebackupS,
    stop() {
      try {
        run(`${bin}/pg_ctl -D ${dataDir} -m fast -w stop`)
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
