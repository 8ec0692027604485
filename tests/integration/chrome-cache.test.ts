import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { articles, articleViews } from '@db/schema/index'
import { listBreakingNews } from '~/domain/articles/articles-queries.server'
import { setArticleStatus } from '~/domain/articles/articles.server'
import { getHomePage } from '~/domain/front-page/front-page.server'
import { listPublicCategories } from '~/domain/categories/categories-queries.server'
import { setCategoryShown } from '~/domain/categories/categories.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { updateLogoSettings } from '~/domain/settings/settings.server'
import { getDatabaseHandle, getDb } from '~/infra/db.server'
import { announceChanged } from '~/infra/cache-keys.server'
import { clearMemoCaches, memoCacheProbe } from '~/infra/memo-cache.server'
import { clearContent, insertArticle, insertCategory, insertTag } from '../setup/content-fixtures'
import { statementsDuring } from '../setup/statements'

// The site's chrome is kept in memory (app/infra/memo-cache.server.ts). "Behind its back"
// below is a statement sent to the database's client directly, past the app's query hook, as
// another instance's write would be: only the cache can explain seeing the old value after it.

let now = Date.now()
const settle = () => (now += 2000) // past the moment after a write when nothing is kept
const behindItsBack = async (statement: string) => {
  const handle = getDatabaseHandle()
  await (handle.pglite ? handle.pglite.query(statement) : handle.pool!.query(statement))
}
const today = () => new Date().toISOString().slice(0, 10)
/** Who shows hidden articles again: an editor may (the field rules of the write). */
const EDITOR = { id: 'desk-editor', role: 'editor' } as const
const logo = (logoText: string) =>
  updateLogoSettings({
    logoType: 'text',
    logoText,
    logoTextColor: '#000000',
    logoTextColorDark: '#F5F5F5',
    logoFontFamily: '',
    logoFontUrl: '',
    logoImageUrl: '',
  })

beforeEach(async () => {
  await clearContent()
  now = Date.now()
  memoCacheProbe.setClock(() => now)
  settle()
})
afterEach(() => memoCacheProbe.setClock(() => Date.now()))

describe('the chrome kept in memory', () => {
  it('answers a second read from memory until the caches are cleared', async () => {
    await logo('Morning Post')
    settle()
    expect((await getSiteSettings()).logoText).toBe('Morning Post')
    await behindItsBack(`update site_settings set logo_text = 'Evening Post' where id = 1`)
    const loads = memoCacheProbe.loads()
    expect((await getSiteSettings()).logoText).toBe('Morning Post')
    expect(memoCacheProbe.loads()).toBe(loads)
    clearMemoCaches()
    expect((await getSiteSettings()).logoText).toBe('Evening Post')
  })

  it('is emptied by a change of the chrome announced here or on another instance', async () => {
    const category = await insertCategory({ name: 'World' })
    await insertArticle({ categoryId: category.id })
    settle()
    expect((await listPublicCategories('navigation')).map((c) => c.name)).toEqual(['World'])
    await behindItsBack(`update categories set name = 'Abroad' where id = ${category.id}`)
    expect((await listPublicCategories('navigation')).map((c) => c.name)).toEqual(['World'])
    // Another instance's category change, heard through its NOTIFY (server/page-cache-sync.ts).
    announceChanged(['chrome'], 'elsewhere')
    expect((await listPublicCategories('navigation')).map((c) => c.name)).toEqual(['Abroad'])
  })

  it('sees a settings save, a category change and a publication through the domain at once', async () => {
    await logo('Morning Post')
    settle()
    expect((await getSiteSettings()).logoText).toBe('Morning Post')
    await logo('Evening Post')
    expect((await getSiteSettings()).logoText).toBe('Evening Post')

    const category = await insertCategory({ name: 'World' })
    const article = await insertArticle({ categoryId: category.id, status: 'hidden' })
    settle()
    expect(await listPublicCategories('navigation')).toEqual([])
    await setArticleStatus(article.id, 'show', EDITOR)
    expect((await listPublicCategories('navigation')).map((c) => c.name)).toEqual(['World'])
    settle()
    await listPublicCategories('navigation')
    await setCategoryShown(category.id, 'navigation', false)
    expect(await listPublicCategories('navigation')).toEqual([])
  })
})

describe('the breaking-news bar kept in memory', () => {
  it('is read afresh when its first item leaves the bar', async () => {
    const breaking = await insertTag({ name: 'Breaking News', slug: 'breaking-news' })
    const leaving = await insertArticle({ title: 'Leaving', tagIds: [breaking.id] })
    const until = new Date(now + 10_000)
    await getDb().update(articles).set({ breakingUntil: until }).where(eq(articles.id, leaving.id))
    const staying = await insertArticle({ title: 'Staying', hoursAgo: 2, tagIds: [breaking.id] })
    settle()
    expect((await listBreakingNews()).map((item) => item.title)).toEqual(['Leaving', 'Staying'])
    await behindItsBack(`update articles set title = 'Staying, renamed' where id = ${staying.id}`)
    now = until.getTime() - 1
    expect((await listBreakingNews()).map((item) => item.title)).toContain('Staying')
    now = until.getTime()
    expect((await listBreakingNews()).map((item) => item.title)).toContain('Staying, renamed')
  })

  it('is read afresh when a scheduled article goes public', async () => {
    await insertTag({ name: 'Breaking News', slug: 'breaking-news' })
    const at = new Date(now + 5_000)
    await insertArticle({ publishedAt: at })
    settle()
    await listBreakingNews()
    const loads = memoCacheProbe.loads()
    now = at.getTime() - 1
    await listBreakingNews()
    expect(memoCacheProbe.loads()).toBe(loads)
    now = at.getTime()
    await listBreakingNews()
    expect(memoCacheProbe.loads()).toBeGreaterThan(loads)
  })

  it('leaves a read for another moment or length to the database', async () => {
    const breaking = await insertTag({ name: 'Breaking News', slug: 'breaking-news' })
    await insertArticle({ title: 'Old', hoursAgo: 20, tagIds: [breaking.id] })
    settle()
    expect(await listBreakingNews()).toEqual([])
    expect((await listBreakingNews(10, new Date(now - 19 * 3_600_000))).length).toBe(1)
  })
})

describe('the home page kept in memory', () => {
  it('answers from memory with no statement, sees a publication at once and views within its time to live', async () => {
    const category = await insertCategory({ name: 'World' })
    // The oldest of more stories than the lead and trending show: on no block but its section's.
    const first = await insertArticle({ title: 'First', categoryId: category.id, hoursAgo: 30 })
    for (let hour = 1; hour <= 10; hour++) {
      await insertArticle({ title: `Story ${hour}`, categoryId: category.id, hoursAgo: hour })
    }
    settle()
    expect((await getHomePage()).lead?.title).toBe('Story 1')
    expect(await statementsDuring(() => getHomePage())).toBe(0)

    // Views are not writes the caches watch: the trending block follows them by its TTL.
    await getDb().insert(articleViews).values({ articleId: first.id, day: today(), views: 50 })
    expect((await getHomePage()).trending.map((a) => a.id)).not.toContain(first.id)
    now += 60_000
    expect((await getHomePage()).trending.map((a) => a.id)).toContain(first.id)

    // A publication through the domain is a write: the next read sees it.
    const third = await insertArticle({ title: 'Third', categoryId: category.id, status: 'hidden' })
    settle()
    await getHomePage()
    await setArticleStatus(third.id, 'show', EDITOR)
    expect((await getHomePage()).lead?.title).toBe('Third')
  })
})
