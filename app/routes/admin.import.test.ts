import fsp from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { createImportJob } from '~/domain/import/import-jobs.server'
import type { ImportJobView } from '~/domain/import/import-job-data'
import { getEnv } from '~/infra/env.server'
import { callRoute, get, post, signedInCallers } from '../../tests/setup/admin-fixtures'
import { WXR_CLOSING, wxrOpening } from '../../tests/setup/wxr'
import { action, loader } from './admin.import'

// The Import screen's page: the job it shows, and a refused "Import" or "Discard" answered
// through failureFrom. The unexpected (a logged 500) is admin.import.failure.test.ts's.

const URL = '/admin/import'
let callers: Awaited<ReturnType<typeof signedInCallers>>

beforeAll(async () => {
  callers = await signedInCallers()
})

async function analysedJob() {
  const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'upload-'))
  const file = path.join(dir, 'old-gazette.xml')
  await fsp.writeFile(
    file,
    `${wxrOpening('Old Gazette')}<item><title>Harbour wall</title><link>https://old.example/?p=1</link>
<content:encoded><![CDATA[<p>The harbour wall.</p>]]></content:encoded>
<wp:post_id>1</wp:post_id><wp:post_name>harbour-wall</wp:post_name><wp:status>draft</wp:status><wp:post_type>post</wp:post_type>
</item>${WXR_CLOSING}`,
  )
  return createImportJob(
    { path: file, fileName: 'old-gazette.xml' },
    { pagesAs: 'articles', siteUrl: '' },
    { id: callers.admin.id, role: 'admin' },
  )
}

async function jobShown(url: string) {
  const response = await callRoute(loader, get(callers.admin.cookie, url))
  return ((await response.json()) as { job: ImportJobView | null }).job
}

describe('/admin/import', () => {
  it('shows an analysed job with its analysis, and no job for one that is not there', async () => {
    const job = await analysedJob()
    expect(await jobShown(`${URL}?job=${job.id}`)).toMatchObject({
      id: job.id,
      status: 'analysed',
      interrupted: false,
      hasImages: false,
      fetchImages: false,
      analysis: { total: 1, toImport: 1, site: { title: 'Old Gazette' } },
      report: null,
    })
    expect(await jobShown(`${URL}?job=999999`)).toBeNull()
  })

  it('answers "Import" and "Discard" of a job that is not there with the 404 in a toast', async () => {
    for (const [intent, title] of [
      ['start', 'Import failed'],
      ['discard', 'Error'],
    ]) {
      const response = await callRoute(
        action,
        post(callers.admin.cookie, URL, { intent, job: '999999' }),
      )
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({
        ok: false,
        code: 'NOT_FOUND',
        toast: { type: 'error', title, description: 'There is no such import.' },
      })
    }
  })
})
