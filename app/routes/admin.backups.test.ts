import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, categories } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { loader as download } from './admin.backups.$name'
import { action, loader } from './admin.backups'

const URL = '/admin/backups'
let callers: Awaited<ReturnType<typeof signedInCallers>>
let fileName: string

beforeAll(async () => {
  callers = await signedInCallers()
  await getDb().insert(categories).values({ name: 'Before', slug: 'before' })
})

describe('/admin/backups', () => {
  it('refuses anonymous and viewer callers', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    expectSignInRedirect(await callRoute(action, post(null, URL, { intent: 'create' })))
    expectHomeRedirect(
      await callRoute(action, post(callers.viewer.cookie, URL, { intent: 'create' })),
    )
    expect(await getStorage().list('backups')).toHaveLength(0)
  })

  it('creates a backup and says where it is stored', async () => {
    const response = await callRoute(action, post(callers.admin.cookie, URL, { intent: 'create' }))
    const toast = await toastFrom(response)
    expect(toast?.title).toBe('Backup created successfully')
    fileName = /stored as (\S+)$/.exec(toast?.description ?? '')![1]
    expect(toast?.description).toBe(`Database backup has been created and stored as ${fileName}`)
    const list = await callRoute(loader, get(callers.admin.cookie, URL))
    expect((await list.json()).backups.map((b: { name: string }) => b.name)).toEqual([fileName])
  })

  it('lets admins download a backup, and nobody else', async () => {
    const url = `${URL}/${fileName}`
    const response = await callRoute(download, get(callers.admin.cookie, url), { name: fileName })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${fileName}"`)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(zlib.gunzipSync(bytes).length).toBeGreaterThan(bytes.length)
    expectSignInRedirect(await callRoute(download, get(null, url), { name: fileName }))
    expectHomeRedirect(
      await callRoute(download, get(callers.viewer.cookie, url), { name: fileName }),
    )
    const missing = await callRoute(download, get(callers.admin.cookie, `${URL}/x`), {
      name: '../x',
    })
    expect(missing.status).toBe(404)
  })

  it('restores only after the typed confirmation', async () => {
    await getDb().insert(categories).values({ name: 'After', slug: 'after' })
    const refused = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'restore', name: fileName, confirm: 'yes' }),
    )
    expect(refused.status).toBe(400)
    expect((await refused.json()).fieldErrors.confirm).toEqual([
      'Type RESTORE or the file name to confirm',
    ])
    expect(
      await getDb().select().from(categories).where(eq(categories.slug, 'after')),
    ).toHaveLength(1)

    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'restore', name: fileName, confirm: 'RESTORE' }),
    )
    expect(await toastFrom(response)).toMatchObject({ title: 'Backup restored' })
    const slugs = (await getDb().select().from(categories)).map((c) => c.slug)
    expect(slugs).toEqual(['before'])
  })

  it('says so when a backup is missing', async () => {
    const name = 'broadsheet-backup-2020-01-01T00-00-00-000Z.tar.gz'
    const response = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'restore', name, confirm: name }),
    )
    expect(response.status).toBe(404)
    expect((await response.json()).toast).toMatchObject({
      title: 'Restore failed',
      description: 'There is no such backup.',
    })
  })
})

describe('/admin/backups when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const [category] = await getDb().select().from(categories).limit(1)
    await getDb()
      .insert(articles)
      .values({ title: 'Filed', slug: 'filed', categoryId: category.id })
    const created = await toastFrom(
      await callRoute(action, post(callers.admin.cookie, URL, { intent: 'create' })),
    )
    const name = /stored as (\S+)$/.exec(created?.description ?? '')![1]
    // Without its categories table the restore cannot put the article back under its category.
    const body = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, { intent: 'restore', name, confirm: 'RESTORE' }),
      { table: 'categories' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Restore failed' })
    expect(await getDb().select().from(articles).where(eq(articles.slug, 'filed'))).toHaveLength(1)
  })
})
