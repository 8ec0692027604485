import { parseArgs } from 'node:util'
import { DataDirLockedError } from '~/infra/data-dir-lock.server'
import { openConfiguredDatabase, type OpenedDatabase } from '../server/startup'

/** Runs a command-line task on the configured database, holding the data folder's lock. */
export async function runWithDatabase(name: string, task: (db: OpenedDatabase) => Promise<void>) {
  let opened: OpenedDatabase | undefined
  try {
    opened = await openConfiguredDatabase(name)
    await task(opened)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`)
    } else {
      process.stderr.write(
        `${name} failed: ${error instanceof Error ? error.message : String(error)}\n`,
      )
    }
    process.exitCode = 1
  } finally {
    await opened?.close()
  }
}

export { parseArgs }
