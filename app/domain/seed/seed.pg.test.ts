import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { seedDemoContent } from './seed.server'

type Query = (this: pg.Client, ...args: unknown[]) => unknown

/**
 * Statements given to a node-postgres client while it still runs another: it queues them, a
 * use deprecated in pg 8 and removed in pg 9. A transaction holds one client, so statements
 * of one transaction run concurrently (Promise.all) are what this finds.
 */
async function statementsQueuedOnABusyClient(work: () => Promise<unknown>) {
  const prototype = pg.Client.prototype as unknown as { query: Query }
  const original = prototype.query
  const running = new WeakMap<pg.Client, number>()
  let queued = 0
  prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const now = running.get(this) ?? 0
    if (now > 0) queued++
    running.set(this, now + 1)
    const result = original.apply(this, args)
    const done = () => running.set(this, (running.get(this) ?? 1) - 1)
    if (result instanceof Promise) void result.then(done, done)
    else done()
    return result
  }
  try {
    await work()
  } finally {
    prototype.query = original
  }
  return queued
}

describe('the demo seed on PostgreSQL', () => {
  it('seeds an empty database without queuing statements on its transaction client', async () => {
    const queued = await statementsQueuedOnABusyClient(() => seedDemoContent())
    expect(queued).toBe(0)
  })
})
