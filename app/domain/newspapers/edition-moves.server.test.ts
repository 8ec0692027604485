import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newspaperEditions, redirects } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { updateEdition } from './editions.server'

// An edition's address follows its date: a new date moves it, and the old address answers
// 301 to the new one (redirects.server.ts: recordMovedPath).
describe('changing an edition’s date', () => {
  it('redirects its old address to the new one; a new title alone moves nothing', async () => {
    const [edition] = await getDb()
      .insert(newspaperEditions)
      .values({
        slug: '2026-11-20',
        title: 'Friday edition',
        editionDate: '2026-11-20',
        fileName: 'friday.pdf',
      })
      .returning({ id: newspaperEditions.id })
    await updateEdition(edition.id, {
      title: 'Friday, renamed',
      editionDate: '2026-11-20',
      number: null,
    })
    expect(await getDb().select().from(redirects)).toEqual([])

    const moved = await updateEdition(edition.id, {
      title: 'Friday, renamed',
      editionDate: '2026-11-27',
      number: null,
    })
    expect(moved.slug).toBe('2026-11-27')
    const rows = await getDb()
      .select({ to: redirects.toPath, status: redirects.statusCode })
      .from(redirects)
      .where(eq(redirects.fromPath, '/newspapers/2026-11-20'))
    expect(rows).toEqual([{ to: '/newspapers/2026-11-27', status: 301 }])
  })
})
