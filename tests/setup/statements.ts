import { vi } from 'vitest'
import { getDatabaseHandle } from '../../app/infra/db.server'

/**
 * How many statements the real test database runs while `fn` does: its client's methods are
 * observed, not replaced (PGlite, or the PostgreSQL pool in CI).
 */
export async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  const handle = getDatabaseHandle()
  const target = (handle.pglite ?? handle.pool) as unknown as Record<string, () => unknown>
  const spyOn = (name: string) =>
    typeof target[name] === 'function' ? vi.spyOn(target, name) : null
  const spies = Object.fromEntries(
    ['query', 'exec', 'transaction', 'connect'].map((name) => [name, spyOn(name)]),
  )
  const calls = (name: string) => spies[name]?.mock.calls.length ?? 0
  try {
    await fn()
    if (handle.pglite) return calls('query') + calls('exec') + calls('transaction')
    // The pool's query() checks a client out through connect() itself; a connect() beyond
    // those is a transaction (its statements run on the client: counted as one at least).
    return calls('query') + Math.max(0, calls('connect') - calls('query'))
  } finally {
    for (const spy of Object.values(spies)) spy?.mockRestore()
  }
}
