import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirLockedError, lockDataDir } from './data-dir-lock.server'

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-lock-'))
}

describe('lockDataDir', () => {
  it('refuses a second holder while the first is alive', () => {
    const dir = tempDir()
    // The parent process (the test runner) is alive and is not this process.
    fs.writeFileSync(
      path.join(dir, '.lock'),
      JSON.stringify({ pid: process.ppid, owner: 'server' }),
    )
    expect(() => lockDataDir(dir, 'seed')).toThrow(DataDirLockedError)
    expect(() => lockDataDir(dir, 'seed')).toThrow(/in use by another process \(server/)
  })

  it('takes over a lock left by a dead process, and releases it', () => {
    const dir = tempDir()
    const dead = spawnSync('sh', ['-c', 'echo $$'], { encoding: 'utf8' })
    fs.writeFileSync(
      path.join(dir, '.lock'),
      JSON.stringify({ pid: Number(dead.stdout.trim()), owner: 'old' }),
    )
    const release = lockDataDir(dir, 'server')
    const held = JSON.parse(fs.readFileSync(path.join(dir, '.lock'), 'utf8'))
    expect(held.pid).toBe(process.pid)
    release()
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false)
  })
})
