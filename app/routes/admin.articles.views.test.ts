import { eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { articleViews, siteSettings } from '@db/schema/index'
import { ArticleViewsCard, type ArticleViewsStats } from '~/components/admin/article-views'
import { siteDay, viewCounter } from '~/domain/articles/view-counter.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { action as beaconAction } from './api.views'
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

// A fixed clock (only Date: the database driver keeps its timers): 23:30 UTC on the 28th, when
// Auckland and Tokyo are already on the 29th.
const NOW = new Date('2026-11-28T23:30:00Z')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
})

afterEach(() => {
  vi.useRealTimers()
})

beforeAll(async () => {
  const e = await createTestUser({ role: 'editor' })
  editor = await sessionCookie(e)
  const a = await createTestUser({ role: 'author' })
  author = { id: a.id, cookie: await sessionCookie(a) }
  articleId = (await insertArticle({ authorId: a.id, title: 'Counted story' })).id
  // Today in the paper's zone, as the desk's figures count it.
  const today = siteDay(NOW, (await getSiteSettings()).timeZone)
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

describe('views on the paper’s day', () => {
  it('stores a view at 23:30 UTC on Auckland’s next day and shows it on that day’s bar', async () => {
    await getDb()
      .insert(siteSettings)
      .values({ id: 1, timeZone: 'Pacific/Auckland' })
      .onConflictDoUpdate({ target: siteSettings.id, set: { timeZone: 'Pacific/Auckland' } })
    // Written here directly: announced as the settings' own write does (settings.server.ts).
    announceChanged([EVERYTHING])
    const read = (await insertArticle({ title: 'Read in Auckland' })).id
    const response = (await beaconAction({
      request: new Request('http://localhost/api/views', {
        method: 'POST',
        headers: {
          'user-agent':
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        },
        body: new URLSearchParams({ article: String(read) }),
      }),
      context: { clientIp: '198.51.100.29' },
      params: {},
    } as never)) as Response
    expect(response.status).toBe(204)
    await viewCounter.flush()
    // Stored on Sunday the 29th, Auckland's today (12:30 there), not on the UTC 28th.
    expect(
      await getDb()
        .select({ day: articleViews.day, views: articleViews.views })
        .from(articleViews)
        .where(eq(articleViews.articleId, read)),
    ).toEqual([{ day: '2026-11-29', views: 1 }])
    const edit = (await json(
      await callRoute(editLoader, get(editor, `/admin/edit-article/${read}`), {
        id: String(read),
      }),
    )) as { views: ArticleViewsStats }
    expect(edit.views).toMatchObject({ today: 1, week: 1, total: 1, timeZone: 'Pacific/Auckland' })
    expect(edit.views.days.at(-1)).toEqual({ day: '2026-11-29', views: 1 })
    expect(edit.views.days.at(-2)).toEqual({ day: '2026-11-28', views: 0 })
    // The card: the view is on the last bar, Sunday the 29th, in the paper's zone.
    const html = renderToStaticMarkup(createElement(ArticleViewsCard, { stats: edit.views }))
    expect(html).toContain('title="Sun, Nov 29: 1"')
    expect(html).toContain('title="Sat, Nov 28: 0"')
    expect(html).toContain('Days in the paper’s time zone (Pacific/Auckland).')
  })
})
