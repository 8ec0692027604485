import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { importJobs } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { UNEXPECTED_ERROR } from '~/lib/action-result'
import {
  callRoute,
  expectUnexpectedFailure,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { toastFrom } from '../../tests/setup/auth-fixtures'
import { action } from './admin.import'

// The Import screen's answer to the unexpected, in a file of its own: the screen and its
// domain are being reworked beside it, and this only calls the route as the server does.

const URL = '/admin/import'
let admin: { cookie: string }

beforeAll(async () => {
  admin = (await signedInCallers()).admin
})

/** An analysed job as the upload leaves it, without its files (discarding one needs none). */
async function analysedJob() {
  const [job] = await getDb()
    .insert(importJobs)
    .values({ source: 'wordpress', siteKey: 'https://old.example', fileName: 'export.xml' })
    .returning({ id: importJobs.id })
  return job.id
}

async function jobExists(id: number) {
  const rows = await getDb().select().from(importJobs).where(eq(importJobs.id, id))
  return rows.length === 1
}

describe('/admin/import when the unexpected happens', () => {
  it('answers 500 with the generic sentence in the toast, logs the request id, keeps the job', async () => {
    const id = await analysedJob()
    const body = await expectUnexpectedFailure(
      action,
      post(admin.cookie, URL, { intent: 'discard', job: String(id) }),
      { table: 'import_jobs' },
    )
    expect(body.toast).toEqual({ type: 'error', title: 'Error', description: UNEXPECTED_ERROR })
    expect(await jobExists(id)).toBe(true)
    // With its table back, the same post discards it.
    const discarded = await callRoute(
      action,
      post(admin.cookie, URL, { intent: 'discard', job: String(id) }),
    )
    expect(await toastFrom(discarded)).toMatchObject({ title: 'Import discarded' })
    expect(await jobExists(id)).toBe(false)
  })

  it('titles the toast of a failed start "Import failed"', async () => {
    const id = await analysedJob()
    const body = await expectUnexpectedFailure(
      action,
      post(admin.cookie, URL, { intent: 'start', job: String(id) }),
      { table: 'import_jobs' },
    )
    expect(body.toast).toEqual({
      type: 'error',
      title: 'Import failed',
      description: UNEXPECTED_ERROR,
    })
  })
})
