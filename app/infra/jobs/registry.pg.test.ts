import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { getDatabaseHandle } from '~/infra/db.server'
import { JobRegistry } from './registry.server'

/** This test file's database (a clone of the run's template on TEST_DATABASE_URL's server). */
function databaseUrl(): string {
  const pool = getDatabaseHandle().pool!
  return (pool.options as { connectionString: string }).connectionString
}

const HOUR = 60 * 60 * 1000
const registries: JobRegistry[] = []
afterEach(async () => {
  await Promise.all(registries.splice(0).map((registry) => registry.stop()))
})

/**
 * Three instances of the site on one database, each scheduling the same job (the timers far
 * off: the test ticks them itself). Returns them and the names of those that ran, per tick.
 */
async function threeInstances(name: string) {
  const ran: string[] = []
  const instances = await Promise.all(
    ['A', 'B', 'C'].map(async (instance) => {
      const registry = new JobRegistry().declare([
        {
          name,
          title: name,
          trigger: { kind: 'every', everyMs: HOUR },
          singleInstance: true,
          timeLimitMs: HOUR,
          retry: { attempts: 0, backoffMs: 0 },
          logLevel: 'debug',
          run: async () => void ran.push(instance),
        },
      ])
      registries.push(registry)
      await registry.start({ databaseUrl: databaseUrl() })
      const job = {
        tick: () => registry.tick(name),
        stop: () => registry.stop(),
        get owner() {
          return registry.holdsLock(name)
        },
      }
      return { instance, job }
    }),
  )
  /** One tick on every instance at once: who ran. */
  const tickAll = async (among = instances) => {
    ran.length = 0
    await Promise.all(among.map(({ job }) => job.tick()))
    return [...ran]
  }
  return { instances, tickAll }
}

async function terminateJobConnection(name: string, pid?: number) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ pid: number }>(
      `select l.pid from pg_locks l join pg_stat_activity a using (pid)
       where l.locktype = 'advisory' and l.granted and a.application_name = $1
         and ($2::int is null or l.pid = $2)`,
      [`broadsheet-job-${name}`, pid ?? null],
    )
    expect(rows).toHaveLength(1)
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid])
  } finally {
    await admin.end()
  }
}

describe('periodic work on several instances', () => {
  it('runs on exactly one instance per tick, and always the same one', async () => {
    const { instances, tickAll } = await threeInstances('test-one-owner')
    const first = await tickAll()
    expect(first).toHaveLength(1)
    for (let i = 0; i < 5; i++) expect(await tickAll()).toEqual(first)
    expect(instances.filter(({ job }) => job.owner).map(({ instance }) => instance)).toEqual(first)
  })

  it('is taken over by another instance when the owner stops', async () => {
    const { instances, tickAll } = await threeInstances('test-owner-stops')
    const [owner] = await tickAll()
    const ownerJob = instances.find(({ instance }) => instance === owner)!.job
    await ownerJob.stop()
    const rest = instances.filter(({ instance }) => instance !== owner)
    const next = await tickAll(rest)
    expect(next).toHaveLength(1)
    expect(next[0]).not.toBe(owner)
    expect(await tickAll(rest)).toEqual(next)
  })

  it('is taken over when the owner’s connection dies, and the old owner does not run it again', async () => {
    const { instances, tickAll } = await threeInstances('test-owner-dies')
    const [owner] = await tickAll()
    await terminateJobConnection('test-owner-dies')
    // The dead connection's lock is free: exactly one instance takes the job (the old owner
    // may be it, on a new connection); never two.
    const after = await tickAll()
    expect(after).toHaveLength(1)
    for (let i = 0; i < 3; i++) expect(await tickAll()).toEqual(after)
    expect(instances.filter(({ job }) => job.owner)).toHaveLength(1)
    expect(['A', 'B', 'C']).toContain(owner)
  })
})
