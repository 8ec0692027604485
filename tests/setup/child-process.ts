import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { inject } from 'vitest'
import { migrateDatabase, openPglite } from '../../app/infra/db.server'

/*
 * For the kill -9 tests: a data folder with an embedded database on disk, and TypeScript
 * scripts run in processes of their own that say what they do as JSON lines on stdout, so that
 * a test can kill one at a chosen point and start another on the same folder.
 */

/** A temporary DATA_DIR whose embedded database is migrated (from the run's template). */
export async function prepareDataDir(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  const template = inject('pgliteTemplate')
  const handle = await openPglite(
    path.join(dataDir, 'db'),
    template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {},
  )
  if (!template) await migrateDatabase(handle)
  await handle.close()
  return dataDir
}

export type ChildEvent = Record<string, unknown> & { event?: string }

export interface ScriptChild {
  proc: ChildProcess
  events: ChildEvent[]
  /** Resolves with the exit code (null when killed). */
  exited: Promise<number | null>
  /** The first event (seen or to come) that matches; rejects if the process ends first. */
  next(match: (event: ChildEvent) => boolean): Promise<ChildEvent>
  stderr(): string
}

export function spawnScript(script: string, env: Record<string, string>): ScriptChild {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env }
  // The child opens the embedded database in DATA_DIR, whatever this run's database is.
  delete childEnv.DATABASE_URL
  delete childEnv.DATABASE_READ_URL
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const events: ChildEvent[] = []
  const waiting = new Set<() => void>()
  let errors = ''
  let ended = false
  proc.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString()
  })
  readline.createInterface({ input: proc.stdout! }).on('line', (line) => {
    try {
      events.push(JSON.parse(line) as ChildEvent)
    } catch {
      return // not one of ours
    }
    for (const wake of waiting) wake()
  })
  const exited = new Promise<number | null>((resolve) =>
    // 'close', not 'exit': every line it wrote has been read by then.
    proc.once('close', (code) => {
      ended = true
      for (const wake of waiting) wake()
      resolve(code)
    }),
  )
  return {
    proc,
    events,
    exited,
    stderr: () => errors,
    next(match) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match)
          if (found) {
            waiting.delete(check)
            resolve(found)
          } else if (ended) {
            waiting.delete(check)
            reject(new Error(`${script} ended first:\n${errors.slice(-2000)}`))
          }
        }
        waiting.add(check)
        check()
      })
    },
  }
}
