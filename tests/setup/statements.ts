import { vi } from 'vitest'
import { getDatabaseHandle } from '../../app/infra/db.server'

/**
 * How many statements the real test database runs while `fn` does: its client's methods are
 * observed, not replaced (PGlite, or the PostgreSQL pool in CI).
 */
export async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  const handle = getDatabaseHandle()
  const target = (handle.pglite ?? handle.pool) as unknown as Record<string, () => unknown>
  const spies = ['query', 'exec', 'transaction', 'connect']
    .filter((name) => typeof target[name] === 'function')
    .map((name) => vi.spyOn(target, name))
  try {
    await fn()
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0)
  } finally {
    for (const spy of spies) spy.mockRestore()
  }
}
