import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '~/infra/db.server'
import { sweepExpiredAuthRows, sweepViewReaders } from './housekeeping'
import { JobRegistry } from '~/infra/jobs/registry.server'

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

  it('deletes readers’ rows from before yesterday and every day’s key but today’s', async () => {
    const db = getDb()
    const [{ id }] = (
      await db.execute<{ id: number }>(sql`insert into articles (title, slug, status, content)
        values ('Counted', 'hk-counted', 'published', '') returning id`)
    ).rows
    const day = (offset: number) => sql`(now() at time zone 'utc')::date + ${offset}::integer`
    for (const offset of [-3, -2, -1, 0]) {
      await db.execute(sql`insert into article_view_readers (day, article_id, reader_hash)
        values (${day(offset)}, ${id}, 'reader')`)
      await db.execute(sql`insert into view_reader_keys (day, key) values (${day(offset)}, 'k')`)
    }
    expect(await sweepViewReaders()).toEqual({ readers: 2, keys: 3 })
    const left = async (table: string) =>
      (
        await db.execute<{ offset: number }>(
          sql`select day - (now() at time zone 'utc')::date as offset from ${sql.identifier(table)} order by day`,
        )
      ).rows.map((row) => Number(row.offset))
    expect(await left('article_view_readers')).toEqual([-1, 0])
    expect(await left('view_reader_keys')).toEqual([0])
    expect(await sweepViewReaders()).toEqual({ readers: 0, keys: 0 })
  })

  it('runs on the embedded database without any lock (one process holds it)', async () => {
    let runs = 0
    const jobs = new JobRegistry().declare([
      {
        name: 'embedded',
        title: 'Embedded',
        trigger: { kind: 'every', everyMs: 60 * 60 * 1000 },
        singleInstance: true,
        timeLimitMs: 60_000,
        retry: { attempts: 0, backoffMs: 0 },
        logLevel: 'debug',
        run: async () => void runs++,
      },
    ])
    await jobs.start()
    try {
      expect(await jobs.tick('embedded')).toBe('ok')
      expect(await jobs.tick('embedded')).toBe('ok')
      expect(runs).toBe(2)
    } finally {
      await jobs.stop()
    }
    expect(await jobs.tick('embedded')).toBe('stopped')
  })
})
