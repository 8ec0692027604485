import fs from 'node:fs'
import path from 'node:path'

export class DataDirLockedError extends Error {
  code = 'DATA_DIR_LOCKED' as const
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite has no lock of its own, and two processes on one data folder silently lose
 * acknowledged writes. One process holds DATA_DIR at a time; a lock left by a dead process is
 * taken over.
 */
export function lockDataDir(dataDir: string, owner: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const lockFile = path.join(dataDir, '.lock')
  const content = JSON.stringify({ pid: process.pid, owner, since: new Date().toISOString() })
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, content, { flag: 'wx' })
      let released = false
      const release = () => {
        if (released) return
        released = true
        try {
          const held = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as { pid: number }
          if (held.pid === process.pid) fs.unlinkSync(lockFile)
        } catch {}
      }
      process.once('exit', release)
      return release
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      let held: { pid?: number; owner?: string } = {}
      try {
        held = JSON.parse(fs.readFileSync(lockFile, 'utf8'))
      } catch {}
      if (held.pid && held.pid !== process.pid && isAlive(held.pid)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another process (${held.owner ?? 'unknown'}, pid ${held.pid}). ` +
            'Stop it first: the embedded database allows one process at a time.',
        )
      }
      fs.rmSync(lockFile, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}`)
}
