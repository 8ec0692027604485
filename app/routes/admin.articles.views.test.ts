import { beforeAll, describe, expect, it } from 'vitest'
import { articleViews } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { siteDay } from '~/domain/articles/view-counter.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { createTestUser, sessionCookie } from '../../tests/setup/auth-fixtures'
import { callRoute, get } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { loader as listLoader } from './admin.articles'
import { loader as editLoader } from './admin.edit-article.$id'

// The views counted for Trending, per article, on the list and the edit page: the desk's
// figures (editors and admins), not the writers'.

let editor: string
let author: { id: string; cookie: string }
let articleId = 0

beforeAll(async () => {
  const e = await createTestUser({ role: 'editor' })
  editor = await sessionCookie(e)
  const a = await createTestUser({ role: 'author' })
  author = { id: a.id, cookie: await sessionCookie(a) }
  articleId = (await insertArticle({ authorId: a.id, title: 'Counted story' })).id
  // Today in the paper's zone, as the desk's figures count it.
  const today = siteDay(new Date(), (await getSiteSettings()).timeZone)
  await getDb().insert(articleViews).values({ articleId, day: today, views: 4 })
})

async function json(response: unknown) {
  const r = response as { data?: unknown } | Response
  return r instanceof Response ? r.json() : r.data
}

describe('per-article views', () => {
  it('shows editors today, 7 days and total on the list and 30 days on the edit page', async () => {
    const list = (await json(await callRoute(listLoader, get(editor, '/admin/articles')))) as {
      views: Record<string, { today: number; week: number; total: number }>
    }
    expect(list.views[articleId]).toEqual({ today: 4, week: 4, total: 4 })
    const edit = (await json(
      await callRoute(editLoader, get(editor, `/admin/edit-article/${articleId}`), {
        id: String(articleId),
      }),
    )) as { views: { today: number; days: { views: number }[] } }
    expect(edit.views.today).toBe(4)
    expect(edit.views.days).toHaveLength(30)
    expect(edit.views.days.at(-1)?.views).toBe(4)
  })

  it('gives writers none of them, their own articles included', async () => {
    const list = (await json(
      await callRoute(listLoader, get(author.cookie, '/admin/articles')),
    )) as {
      views: unknown
    }
    expect(list.views).toBeNull()
    const edit = (await json(
      await callRoute(editLoader, get(author.cookie, `/admin/edit-article/${articleId}`), {
        id: String(articleId),
      }),
    )) as { views: unknown }
    expect(edit.views).toBeNull()
  })
})
