import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/infra/db.server'
import { sweepExpiredAuthRows } from './housekeeping'
import { schedulePeriodicJob } from './periodic'

describe('sign-in housekeeping', () => {
  it('deletes long-expired sessions, expired tokens and ended locks, and nothing live', async () => {
    const db = getDb()
    await db.execute(sql`insert into profiles (id, name, email, email_verified, role)
      values ('hk-user', 'Housekeeping', 'hk@example.com', true, 'viewer')`)
    await db.execute(sql`insert into sessions (id, token, user_id, expires_at) values
      ('s-old', 't-old', 'hk-user', now() - interval '2 days'),
      ('s-recent', 't-recent', 'hk-user', now() - interval '1 hour'),
      ('s-live', 't-live', 'hk-user', now() + interval '1 day')`)
    await db.execute(sql`insert into verifications (id, identifier, value, expires_at) values
      ('v-old', 'a', 'x', now() - interval '1 minute'),
      ('v-live', 'b', 'y', now() + interval '1 hour')`)
    await db.execute(sql`insert into login_failures (email, failures, locked_until) values
      ('ended@example.com', 5, now() - interval '2 days'),
      ('locked@example.com', 5, now() + interval '10 minutes'),
      ('counting@example.com', 2, null)`)

    expect(await sweepExpiredAuthRows()).toEqual({
      sessions: 1,
      verifications: 1,
      loginFailures: 1,
    })
    const ids = async (query: ReturnType<typeof sql>) =>
      (await db.execute<{ id: string }>(query)).rows.map((row) => row.id).sort()
    expect(await ids(sql`select id from sessions where user_id = 'hk-user'`)).toEqual([
      's-live',
      's-recent',
    ])
    expect(await ids(sql`select id from verifications where identifier in ('a', 'b')`)).toEqual([
      'v-live',
    ])
    expect(await ids(sql`select email as id from login_failures`)).toEqual([
      'counting@example.com',
      'locked@example.com',
    ])
    expect(await sweepExpiredAuthRows()).toEqual({
      sessions: 0,
      verifications: 0,
      loginFailures: 0,
    })
  })

  it('runs on the embedded database without any lock (one process holds it)', async () => {
    let runs = 0
    const job = schedulePeriodicJob({
      name: 'embedded',
      everyMs: 60 * 60 * 1000,
      run: async () => void runs++,
    })
    try {
      expect(await job.tick()).toBe(true)
      expect(await job.tick()).toBe(true)
      expect(runs).toBe(2)
    } finally {
      await job.stop()
    }
    expect(await job.tick()).toBe(false)
  })
})
