import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { redirects } from '@db/schema/index'
import { changeArticleSlug } from '~/domain/articles/article-slug.server'
import { updateCategory } from '~/domain/categories/categories.server'
import { addRedirect, flushRedirectHits, listRedirects } from '~/domain/redirects/redirects.server'
import { getDb } from '~/infra/db.server'
import { startTestServer } from '../setup/app-server'
import { createTestUser } from '../setup/auth-fixtures'
import { insertArticle, insertCategory } from '../setup/content-fixtures'

/*
 * Old addresses over HTTP, as a reader's browser meets them: only a request that finds no
 * page looks for a redirect; a moved article or section answers 301 to its new address.
 */

let server: Awaited<ReturnType<typeof startTestServer>>
let editor: { id: string; role: 'editor' }

beforeAll(async () => {
  server = await startTestServer()
  editor = { id: (await createTestUser({ role: 'editor' })).id, role: 'editor' }
})
afterAll(() => server.close())
beforeEach(async () => {
  await getDb().delete(redirects)
})

describe('a request that would be a 404', () => {
  it('answers a kept redirect (301 or 302) with the query carried, and counts the hit', async () => {
    const article = await insertArticle({ title: 'Moved here' })
    await addRedirect(getDb(), {
      fromPath: '/2019/03/old-story/',
      toPath: `/article/${article.slug}`,
      statusCode: 301,
    })
    await addRedirect(getDb(), { fromPath: '/promo', toPath: '/about', statusCode: 302 })
    const moved = await server.fetch('/2019/03/Old-Story/?utm_source=feed')
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe(`/article/${article.slug}?utm_source=feed`)
    const promo = await server.fetch('/promo')
    expect(promo.status).toBe(302)
    expect(promo.headers.get('location')).toBe('/about')
    await flushRedirectHits()
    const rows = await listRedirects()
    expect(rows.find((r) => r.fromPath === '/2019/03/old-story')?.hits).toBe(1)
  })

  it('answers 410 Gone with the site’s page for an address marked gone', async () => {
    await addRedirect(getDb(), {
      fromPath: '/article/withdrawn-story',
      toPath: null,
      statusCode: 410,
    })
    const gone = await server.fetch('/article/withdrawn-story')
    expect(gone.status).toBe(410)
    expect(await gone.text()).toContain('Article not found')
  })

  it('answers an address no page claims that was marked gone with a page that says Gone', async () => {
    await addRedirect(getDb(), { fromPath: '/2014/05/recalled', toPath: null, statusCode: 410 })
    const gone = await server.fetch('/2014/05/recalled/')
    expect(gone.status).toBe(410)
    const html = await gone.text()
    expect(html).toContain('<title>Gone')
    expect(html).toContain('This page was removed on purpose and is no longer available.')
    expect(html).not.toContain('Page not found')
    expect((await server.fetch('/2014/05/never-kept')).status).toBe(404)
  })

  it('answers a kept redirect to a client-side navigation too', async () => {
    await addRedirect(getDb(), { fromPath: '/old-promo', toPath: '/about', statusCode: 301 })
    const moved = await server.fetch('/old-promo.data')
    expect(await moved.text()).toContain('/about')
    expect((await server.fetch('/old-promo')).headers.get('cache-control')).toBe(
      'public, max-age=3600',
    )
  })

  it('leaves a plain 404 alone, and never redirects a page that exists', async () => {
    expect((await server.fetch('/no-such-page')).status).toBe(404)
    const article = await insertArticle({ title: 'Still here' })
    await addRedirect(getDb(), {
      fromPath: `/article/${article.slug}`,
      toPath: '/about',
      statusCode: 301,
    })
    expect((await server.fetch(`/article/${article.slug}`)).status).toBe(200)
  })
})

describe('slug changes', () => {
  it('a published article’s old address answers 301 to the new one; chains collapse', async () => {
    const article = await insertArticle({ title: 'First name' })
    await changeArticleSlug(article.id, 'second-name', editor)
    await changeArticleSlug(article.id, 'Third Name', editor)
    for (const old of [article.slug, 'second-name']) {
      const answer = await server.fetch(`/article/${old}`)
      expect(answer.status).toBe(301)
      expect(answer.headers.get('location')).toBe('/article/third-name')
    }
    expect((await server.fetch('/article/third-name')).status).toBe(200)
    // Back to the first name: that address is live again, and nothing loops.
    await changeArticleSlug(article.id, article.slug, editor)
    expect((await server.fetch(`/article/${article.slug}`)).status).toBe(200)
    expect((await server.fetch('/article/third-name')).headers.get('location')).toBe(
      `/article/${article.slug}`,
    )
  })

  it('a draft’s old slug was never public: no redirect', async () => {
    const draft = await insertArticle({ title: 'Unseen', status: 'draft' })
    await changeArticleSlug(draft.id, 'unseen-renamed', editor)
    expect(await listRedirects()).toEqual([])
    expect((await server.fetch(`/article/${draft.slug}`)).status).toBe(404)
  })

  it('refuses an author, a slug held by another article, and an empty one', async () => {
    const article = await insertArticle({ title: 'Mine' })
    const other = await insertArticle({ title: 'Theirs' })
    const author = { id: (await createTestUser({ role: 'author' })).id, role: 'author' as const }
    await expect(changeArticleSlug(article.id, 'x', author)).rejects.toMatchObject({ status: 403 })
    await expect(changeArticleSlug(article.id, other.slug, editor)).rejects.toMatchObject({
      code: 'TAKEN',
      field: 'slug',
    })
    await expect(changeArticleSlug(article.id, '!!!', editor)).rejects.toMatchObject({
      code: 'INVALID_SLUG',
    })
  })

  it('a category’s old address answers 301 to its new one', async () => {
    const category = await insertCategory({ name: 'Old section', slug: 'old-section' })
    await updateCategory(category.id, {
      name: 'New section',
      slug: 'new-section',
      description: null,
    })
    const answer = await server.fetch('/category/old-section')
    expect(answer.status).toBe(301)
    expect(answer.headers.get('location')).toBe('/category/new-section')
  })
})
