import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { mediaFiles, newspaperEditions, newspaperPages } from '@db/schema/index'
import { buildPdf } from '~/domain/seed/seed.server'
import { getDb } from '~/infra/db.server'
import { editionSettled } from '~/domain/newspapers/editions.server'
import { getStorage } from '~/infra/storage.server'
import { lockedPdf } from '../../tests/setup/pdf-fixtures'
import { createTestUser, requestAs, sessionCookie } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectUnexpectedFailure,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { action, loader } from './admin.api.editions'

let callers: Awaited<ReturnType<typeof signedInCallers>>
let editor: string
let author: string

const twoPages = buildPdf(
  [
    { heading: 'The Calder Bay Broadsheet', lines: ['Harbour plan approved'] },
    { heading: 'Page two', lines: ['Lighthouse keepers gather at the pier'] },
  ],
  { title: 'Friday edition' },
)

beforeAll(async () => {
  callers = await signedInCallers()
  editor = await sessionCookie(await createTestUser({ role: 'editor' }))
  author = await sessionCookie(await createTestUser({ role: 'author' }))
})

function upload(
  cookie: string | null,
  meta: Record<string, string>,
  body: Buffer | string,
  name = 'edition.pdf',
) {
  const form = new FormData()
  form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)]), name)
  return callRoute(
    action,
    requestAs(cookie, `/admin/api/editions?${new URLSearchParams(meta)}`, {
      method: 'POST',
      body: form,
    }),
  )
}

const META = { title: 'Friday edition', editionDate: '2026-05-01', number: '412' }

async function bucketNames() {
  return (await getStorage().list('pdf_newspapers')).map((f) => f.name).sort()
}

async function clearEditions() {
  for (const row of await getDb().select().from(newspaperEditions)) {
    await callRoute(
      action,
      post(callers.admin.cookie, '/admin/api/editions', { intent: 'delete', id: String(row.id) }),
    )
  }
}

describe('/admin/api/editions', () => {
  // The first edition read starts the reading process and loads pdf.js in it: slow on a busy
  // machine.
  it(
    'answers an upload at once, then makes the edition: row, cover, and the text of each page',
    { timeout: 120_000 },
    async () => {
      const response = await upload(editor, META, twoPages)
      expect(response.status).toBe(201)
      const uploaded = await response.json()
      // The pages are read after the answer, outside the server's process.
      expect(uploaded.edition).toMatchObject({
        slug: '2026-05-01',
        title: 'Friday edition',
        status: 'processing',
        failure: null,
        pageCount: 0,
        coverUrl: null,
      })
      await editionSettled(uploaded.edition.id)
      const polled = await callRoute(
        loader,
        requestAs(editor, `/admin/api/editions?id=${uploaded.edition.id}`),
      )
      expect(polled.status).toBe(200)
      const body = await polled.json()
      expect(body.edition).toMatchObject({
        slug: '2026-05-01',
        title: 'Friday edition',
        editionDate: '2026-05-01',
        number: 412,
        pageCount: 2,
        size: twoPages.length,
        coverWidth: 600,
        status: 'ready',
        failure: null,
      })
      const [row] = await getDb()
        .select()
        .from(newspaperEditions)
        .where(eq(newspaperEditions.id, body.edition.id))
      expect(row.fileName).toMatch(/^\d+-\d+\.pdf$/)
      expect(row.coverName).toMatch(/^\d+-\d+\.webp$/)
      expect(row.uploadedBy).not.toBeNull()
      expect(await getStorage().stat('pdf_newspapers', row.coverName!)).not.toBeNull()
      expect(body.edition.coverUrl).toBe(`/media/pdf_newspapers/${row.coverName}`)
      const pages = await getDb()
        .select({ pageNumber: newspaperPages.pageNumber, text: newspaperPages.text })
        .from(newspaperPages)
        .where(eq(newspaperPages.editionId, row.id))
        .orderBy(newspaperPages.pageNumber)
      expect(pages.map((p) => p.pageNumber)).toEqual([1, 2])
      expect(pages[1].text).toContain('Lighthouse')
      expect(pages[0].text).not.toContain('Lighthouse')

      const list = await callRoute(loader, requestAs(editor, '/admin/api/editions'))
      expect((await list.json()).editions.map((e: { id: number }) => e.id)).toEqual([row.id])
    },
  )

  it('gives a second edition of the same date the address -2, and an edit keeps or moves it', async () => {
    const second = await (await upload(editor, { ...META, number: '' }, twoPages)).json()
    expect(second.edition).toMatchObject({ slug: '2026-05-01-2', number: null })
    await editionSettled(second.edition.id)
    const id = String(second.edition.id)
    const edit = (fields: Record<string, string>) =>
      callRoute(action, post(editor, '/admin/api/editions', { intent: 'update', id, ...fields }))

    const sameDate = await edit({ title: 'Renamed', editionDate: '2026-05-01', number: '7' })
    expect(sameDate.status).toBe(200)
    expect((await sameDate.json()).edition).toMatchObject({
      slug: '2026-05-01-2',
      title: 'Renamed',
      number: 7,
    })
    // Who reads it: its own choice, back to the site's setting, or left as it is when not sent.
    const members = await (
      await edit({ title: 'Renamed', editionDate: '2026-05-01', number: '7', access: 'members' })
    ).json()
    expect(members.edition).toMatchObject({ access: 'members', membersOnly: true })
    expect(members.edition.pdfUrl).toBe('/newspapers/2026-05-01-2/pdf')
    const kept = await (
      await edit({ title: 'Renamed', editionDate: '2026-05-01', number: '7' })
    ).json()
    expect(kept.edition).toMatchObject({ access: 'members', membersOnly: true })
    const site = await (
      await edit({ title: 'Renamed', editionDate: '2026-05-01', number: '7', access: 'site' })
    ).json()
    expect(site.edition).toMatchObject({ access: null, membersOnly: false })
    expect((await edit({ ...META, access: 'friends' })).status).toBe(400)
    const moved = await (
      await edit({ title: 'Renamed', editionDate: '2026-05-08', number: '' })
    ).json()
    expect(moved).toMatchObject({ ok: true, toast: { title: 'Edition updated' } })
    expect(moved.edition).toMatchObject({
      slug: '2026-05-08',
      editionDate: '2026-05-08',
      number: null,
    })
    // Back to a date that is taken: the next free address.
    const back = await (await edit({ title: 'Renamed', editionDate: '2026-05-01' })).json()
    expect(back.edition.slug).toBe('2026-05-01-2')
  })

  it('refuses an edit with an empty title, a bad date or a number below 1, under the fields', async () => {
    const [row] = await getDb().select().from(newspaperEditions).limit(1)
    const response = await callRoute(
      action,
      post(editor, '/admin/api/editions', {
        intent: 'update',
        id: String(row.id),
        title: '  ',
        editionDate: '2026-02-30',
        number: '0',
      }),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).fieldErrors).toEqual({
      title: ['Title is required'],
      editionDate: ['Enter a valid edition date (YYYY-MM-DD)'],
      number: ['The number must be a whole number above 0'],
    })
    const missing = await callRoute(
      action,
      post(editor, '/admin/api/editions', { intent: 'update', id: '999999', ...META }),
    )
    expect(missing.status).toBe(404)
    const [after] = await getDb()
      .select()
      .from(newspaperEditions)
      .where(eq(newspaperEditions.id, row.id))
    expect(after.title).toBe(row.title)
  })

  it('refuses an upload without a title or date before reading the file', async () => {
    const before = await bucketNames()
    const response = await upload(editor, { title: '', editionDate: 'May 1' }, twoPages)
    expect(response.status).toBe(400)
    expect((await response.json()).fieldErrors).toMatchObject({
      title: ['Title is required'],
      editionDate: ['Enter a valid edition date (YYYY-MM-DD)'],
    })
    expect(await bucketNames()).toEqual(before)
  })

  it('refuses a broken or locked PDF with a clear message and keeps nothing of its file', async () => {
    const before = await bucketNames()
    const rows = (await getDb().select().from(newspaperEditions)).length
    const media = (await getDb().select().from(mediaFiles)).length
    // No PDF object at all: refused in the request.
    const broken = await upload(editor, META, '%PDF-1.7 but the rest is lost')
    expect(broken.status).toBe(422)
    expect((await broken.json()).toast).toMatchObject({
      title: 'Upload failed',
      description: expect.stringMatching(/could not be read/),
    })
    // Locked: found out when it is read, after the answer. The edition fails with the reason,
    // its PDF is removed; the back office lists it (readers never) until it is deleted.
    const locked = await upload(editor, META, lockedPdf(twoPages))
    expect(locked.status).toBe(201)
    const { edition } = await locked.json()
    await editionSettled(edition.id)
    const failed = await (
      await callRoute(loader, requestAs(editor, `/admin/api/editions?id=${edition.id}`))
    ).json()
    expect(failed.edition).toMatchObject({ status: 'failed', pageCount: 0, coverUrl: null })
    expect(failed.edition.failure).toMatch(/protected by a password/)
    expect(await bucketNames()).toEqual(before)
    expect(await getDb().select().from(mediaFiles)).toHaveLength(media)
    const removed = await callRoute(
      action,
      post(editor, '/admin/api/editions', { intent: 'delete', id: String(edition.id) }),
    )
    expect(removed.status).toBe(200)
    const text = await upload(editor, META, 'just some notes')
    expect(text.status).toBe(415)
    expect((await text.json()).toast).toMatchObject({
      title: 'Invalid file type',
      description: 'Please upload only PDF files in this section',
    })
    expect(await bucketNames()).toEqual(before)
    expect(await getDb().select().from(newspaperEditions)).toHaveLength(rows)
    expect(await getDb().select().from(mediaFiles)).toHaveLength(media)
  })

  it('deletes an edition with its PDF, cover, media record and pages', async () => {
    const [row] = await getDb().select().from(newspaperEditions).limit(1)
    const response = await callRoute(
      action,
      post(editor, '/admin/api/editions', { intent: 'delete', id: String(row.id) }),
    )
    expect(response.status).toBe(200)
    expect((await response.json()).toast).toMatchObject({
      title: 'File deleted',
      description: 'The file has been deleted successfully.',
    })
    expect(await getStorage().stat('pdf_newspapers', row.fileName)).toBeNull()
    expect(await getStorage().stat('pdf_newspapers', row.coverName!)).toBeNull()
    expect(
      await getDb().select().from(newspaperEditions).where(eq(newspaperEditions.id, row.id)),
    ).toEqual([])
    expect(
      await getDb().select().from(newspaperPages).where(eq(newspaperPages.editionId, row.id)),
    ).toEqual([])
    expect(
      await getDb().select().from(mediaFiles).where(eq(mediaFiles.name, row.fileName)),
    ).toEqual([])
    const again = await callRoute(
      action,
      post(editor, '/admin/api/editions', { intent: 'delete', id: String(row.id) }),
    )
    expect(again.status).toBe(404)
    await clearEditions()
    expect(await bucketNames()).toEqual([])
  })

  it('lets editors and admins in, refuses authors, viewers and strangers, and forged posts', async () => {
    expect((await upload(null, META, twoPages)).status).toBe(401)
    expect((await upload(callers.viewer.cookie, META, twoPages)).status).toBe(403)
    expect((await upload(author, META, twoPages)).status).toBe(403)
    expect((await callRoute(loader, requestAs(author, '/admin/api/editions'))).status).toBe(403)
    const forged = await callRoute(
      action,
      post(editor, '/admin/api/editions', { intent: 'publish', id: '1' }),
    )
    expect(forged.status).toBe(400)
    expect((await forged.json()).code).toBe('UNKNOWN_INTENT')
    expect(await bucketNames()).toEqual([])
    const admin = await upload(callers.admin.cookie, META, twoPages)
    expect(admin.status).toBe(201)
    await editionSettled((await admin.json()).edition.id)
  })

  it('answers an unexpected failure with 500 and the generic sentence', async () => {
    const [row] = await getDb().select().from(newspaperEditions).limit(1)
    const body = await expectUnexpectedFailure(
      action,
      post(editor, '/admin/api/editions', { intent: 'update', id: String(row.id), ...META }),
      { table: 'newspaper_editions' },
    )
    expect(body.toast).toMatchObject({ title: 'Update failed' })
  })
})
