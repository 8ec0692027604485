import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JobRegistry, type JobDefinition } from '~/infra/jobs/registry.server'
import { getSingleton, setSingleton } from '~/infra/singleton.server'
import { toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { action, loader } from './admin.background-work'

const URL = '/admin/background-work'
const HOUR = 60 * 60 * 1000
let callers: Awaited<ReturnType<typeof signedInCallers>>
let sweeps = 0
let release: (() => void) | undefined

const base = {
  singleInstance: true,
  timeLimitMs: HOUR,
  retry: { attempts: 0, backoffMs: 0 },
  logLevel: 'debug',
} as const

const jobs: JobDefinition[] = [
  {
    ...base,
    name: 'sweep',
    title: 'Sweep',
    trigger: { kind: 'every', everyMs: HOUR },
    run: async () => {
      sweeps++
      await new Promise<void>((resolve) => (release = resolve))
    },
  },
  {
    ...base,
    name: 'broken',
    title: 'Broken',
    trigger: { kind: 'daily', at: '04:00' },
    run: () => Promise.reject(new Error('disk full')),
  },
  {
    ...base,
    name: 'sender',
    title: 'Sender',
    singleInstance: false,
    trigger: { kind: 'queued', description: 'queued deliveries' },
    start: () => {},
    stop: async () => {},
    queue: async () => ({ depth: 12, oldestAgeSeconds: 30 }),
  },
]

const registry = new JobRegistry().declare(jobs)
const processRegistry = getSingleton<JobRegistry>('job-registry')

beforeAll(async () => {
  callers = await signedInCallers()
  // This file's jobs stand in for the site's list (server/jobs.ts) while it runs.
  setSingleton('job-registry', registry)
  await registry.start({ shareState: true, instance: 'instance-a' })
})

afterAll(async () => {
  release?.()
  await registry.stop()
  setSingleton('job-registry', processRegistry)
})

const runNow = (cookie: string | null, job: string) =>
  callRoute(action, post(cookie, URL, { intent: 'run-now', job }))

describe('/admin/background-work', () => {
  it('refuses anonymous and viewer callers, and runs nothing for them', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    expectSignInRedirect(await runNow(null, 'sweep'))
    expectHomeRedirect(await runNow(callers.viewer.cookie, 'sweep'))
    expect(sweeps).toBe(0)
  })

  it('lists every job with its trigger, last run, next run, last failure and queue', async () => {
    expect(await registry.tick('broken')).toBe('failed')
    const { jobs: shown } = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(shown.map((j: { name: string }) => j.name)).toEqual(['sweep', 'broken', 'sender'])
    const [sweep, broken, sender] = shown
    expect(sweep).toMatchObject({
      trigger: 'Every hour',
      state: 'idle',
      lastRun: null,
      lastRunLabel: null,
      queue: null,
    })
    expect(sweep.nextRunLabel).toEqual(expect.any(String))
    expect(broken).toMatchObject({
      trigger: 'Daily at 04:00 (UTC)',
      state: 'failed',
      lastFailure: { message: 'disk full' },
      lastRun: { ok: false },
    })
    expect(broken.lastFailureLabel).toEqual(expect.any(String))
    expect(sender).toMatchObject({
      kind: 'queued',
      trigger: 'When queued: queued deliveries',
      nextRunAt: null,
      queue: { depth: 12, oldestAgeSeconds: 30 },
    })
  })

  it('runs a scheduled job now for an admin, refuses a second run while it runs, and a queued job', async () => {
    const started = await runNow(callers.admin.cookie, 'sweep')
    expect(await toastFrom(started)).toMatchObject({
      title: 'Job started',
      description: 'Sweep is running on this instance.',
    })
    expect(sweeps).toBe(1)
    const again = await runNow(callers.admin.cookie, 'sweep')
    expect(again.status).toBe(409)
    // A tick of its timer during the run waits for that run instead of starting another.
    const tick = registry.tick('sweep')
    release!()
    expect(await tick).toBe('ok')
    expect(sweeps).toBe(1)
    expect((await runNow(callers.admin.cookie, 'sender')).status).toBe(400)
    expect((await runNow(callers.admin.cookie, 'no-such-job')).status).toBe(400)
  })
})

describe('/admin/background-work on several instances', () => {
  it('shows a run and a failure of another instance, named, beside this one’s', async () => {
    const other = new JobRegistry().declare([
      {
        ...base,
        name: 'broken',
        title: 'Broken',
        trigger: { kind: 'daily', at: '04:00' },
        run: () => Promise.reject(new Error('quota exceeded on the other one')),
      },
    ])
    await other.start({ shareState: true, instance: 'instance-b' })
    try {
      expect(await other.tick('broken')).toBe('failed')
      await expect
        .poll(async () => {
          const { jobs: shown } = await (
            await callRoute(loader, get(callers.admin.cookie, URL))
          ).json()
          return shown.find((j: { name: string }) => j.name === 'broken')
        })
        .toMatchObject({
          instances: 2,
          lastRun: { ok: false, instance: 'instance-b' },
          lastFailure: { message: 'quota exceeded on the other one', instance: 'instance-b' },
        })
    } finally {
      await other.stop()
    }
  })
})
