import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleRevisions, articles } from '@db/schema/index'
import { compareRevision } from '~/domain/articles/revisions-queries.server'
import { restoreRevision } from '~/domain/articles/revisions.server'
import { getDb } from '~/infra/db.server'
import * as edit from '~/routes/admin.edit-article.$id'
import * as create from '~/routes/admin.new-article'
import { loader as articlePage } from '~/routes/_site.article.$slug'
import { callRoute, get, post } from '../setup/admin-fixtures'
import {
  createTestUser,
  requestAs,
  runRoute,
  sessionCookie,
  TEST_SITE_URL,
} from '../setup/auth-fixtures'

// The search and social fields (issue 40): saved with the article and its revisions, refused
// with a field's message when they break a rule, and used by the page's meta tags and JSON-LD,
// each falling back to the title, the excerpt or the featured image when left empty.

let admin: { id: string; role: 'admin'; cookie: string }

beforeAll(async () => {
  const user = await createTestUser({ role: 'admin' })
  admin = { id: user.id, role: 'admin', cookie: await sessionCookie(user) }
})

const FORM = {
  title: 'Harbour bridge reopens after two years',
  excerpt: 'The repairs cost twice the estimate.',
  content: '<p>The bridge is open again.</p>',
  status: 'published',
  categoryId: 'none',
  featuredImage: '/uploads/bridge.jpg',
}

async function save(fields: Record<string, string>) {
  return callRoute(create.action, post(admin.cookie, '/admin/new-article', { ...FORM, ...fields }))
}

async function storedByTitle(title: string) {
  const [row] = await getDb().select().from(articles).where(eq(articles.title, title))
  return row
}

type Meta = Record<string, unknown>

async function pageMeta(slug: string): Promise<Meta[]> {
  const out = await runRoute(articlePage, requestAs(null, `/article/${slug}`), { params: { slug } })
  expect(out.status).toBe(200)
  return (out.data as { meta: Meta[] }).meta
}

const content = (meta: Meta[], key: 'name' | 'property', value: string) =>
  meta.find((tag) => tag[key] === value)?.content
const jsonLd = (meta: Meta[]) =>
  meta.find((tag) => 'script:ld+json' in tag)?.['script:ld+json'] as Record<string, unknown>

describe('saving the search and social fields', () => {
  it('stores them, gives them back to the edit form and keeps them in the revision', async () => {
    const title = 'Saved with its search fields'
    const response = await save({
      title,
      seoTitle: '  Bridge reopens: what changes for commuters ',
      metaDescription: 'Buses return to the bridge on Monday.',
      socialImage: '/uploads/bridge-card.jpg',
    })
    expect(response.status).toBe(302)
    const row = await storedByTitle(title)
    expect(row).toMatchObject({
      seoTitle: 'Bridge reopens: what changes for commuters',
      metaDescription: 'Buses return to the bridge on Monday.',
      socialImage: '/uploads/bridge-card.jpg',
    })
    const form = await (
      await callRoute(edit.loader, get(admin.cookie, `/admin/edit-article/${row.id}`), {
        id: String(row.id),
      })
    ).json()
    expect(form.article).toMatchObject({
      seoTitle: 'Bridge reopens: what changes for commuters',
      metaDescription: 'Buses return to the bridge on Monday.',
      socialImage: '/uploads/bridge-card.jpg',
    })
    const [revision] = await getDb()
      .select()
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, row.id))
    expect(revision).toMatchObject({
      seoTitle: 'Bridge reopens: what changes for commuters',
      metaDescription: 'Buses return to the bridge on Monday.',
      socialImage: '/uploads/bridge-card.jpg',
    })
  })

  it('stores empty fields as none, and a restore brings back the fields of the revision', async () => {
    const title = 'Restored with its search fields'
    await save({ title, seoTitle: 'First SEO title', metaDescription: '', socialImage: '' })
    const row = await storedByTitle(title)
    expect(row).toMatchObject({
      seoTitle: 'First SEO title',
      metaDescription: null,
      socialImage: null,
    })
    const [first] = await getDb()
      .select({ id: articleRevisions.id })
      .from(articleRevisions)
      .where(eq(articleRevisions.articleId, row.id))

    const changed = await callRoute(
      edit.action,
      post(admin.cookie, `/admin/edit-article/${row.id}`, {
        ...FORM,
        title,
        seoTitle: '',
        metaDescription: 'A description added later.',
        expectedUpdatedAt: row.updatedAt.toISOString(),
      }),
      { id: String(row.id) },
    )
    expect(changed.status).toBe(302)
    expect(await storedByTitle(title)).toMatchObject({
      seoTitle: null,
      metaDescription: 'A description added later.',
    })
    expect((await compareRevision(row.id, first.id))?.otherChanges).toContain(
      'search and social fields',
    )

    await restoreRevision(row.id, first.id, admin)
    expect(await storedByTitle(title)).toMatchObject({
      seoTitle: 'First SEO title',
      metaDescription: null,
    })
  })

  it('refuses what breaks a rule with the field’s message, and stores nothing', async () => {
    const title = 'Refused search fields'
    const response = await save({
      title,
      seoTitle: 'a'.repeat(301),
      metaDescription: 'b'.repeat(301),
      socialImage: 'javascript:alert(1)',
    })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.fieldErrors).toEqual({
      seoTitle: ['SEO headline must be at most 300 characters'],
      metaDescription: ['Meta description must be at most 300 characters'],
      socialImage: ['Choose an image from the media library'],
    })
    expect(await storedByTitle(title)).toBeUndefined()
  })
})

describe('the article page’s head', () => {
  it('uses the SEO title, meta description and social image where they are set', async () => {
    const title = 'Head with search fields'
    await save({
      title,
      seoTitle: 'Bridge open: the short version',
      metaDescription: 'Everything about the reopening in one page.',
      socialImage: '/uploads/bridge-card.jpg',
    })
    const { slug } = await storedByTitle(title)
    const meta = await pageMeta(slug)
    expect(meta.find((tag) => 'title' in tag)?.title).toMatch(/^Bridge open: the short version \| /)
    expect(content(meta, 'property', 'og:title')).toBe('Bridge open: the short version')
    expect(content(meta, 'name', 'twitter:title')).toBe('Bridge open: the short version')
    for (const [key, name] of [
      ['name', 'description'],
      ['property', 'og:description'],
      ['name', 'twitter:description'],
    ] as const) {
      expect(content(meta, key, name)).toBe('Everything about the reopening in one page.')
    }
    const image = `${TEST_SITE_URL}/uploads/bridge-card.jpg`
    expect(content(meta, 'property', 'og:image')).toBe(image)
    expect(content(meta, 'name', 'twitter:image')).toBe(image)
    const article = jsonLd(meta)
    // The headline is the one on the page; the description and image are the search ones.
    expect(article).toMatchObject({
      headline: title,
      description: 'Everything about the reopening in one page.',
      image: { url: image },
    })
  })

  it('falls back to the title, the excerpt and the featured image', async () => {
    const title = 'Head without search fields'
    await save({ title })
    const { slug } = await storedByTitle(title)
    const meta = await pageMeta(slug)
    expect(content(meta, 'property', 'og:title')).toBe(title)
    expect(content(meta, 'name', 'description')).toBe(FORM.excerpt)
    expect(content(meta, 'property', 'og:image')).toBe(`${TEST_SITE_URL}/uploads/bridge.jpg`)
    expect(jsonLd(meta)).toMatchObject({ headline: title, description: FORM.excerpt })
    expect(JSON.stringify(jsonLd(meta).image)).toContain('/uploads/bridge.jpg')
  })
})
