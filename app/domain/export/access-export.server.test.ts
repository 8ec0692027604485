import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { eq } from 'drizzle-orm'
import yazl from 'yazl'
import { afterAll, describe, expect, it } from 'vitest'
import { articles, categories, plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { clearContent, insertArticle } from '../../../tests/setup/content-fixtures'
import { importSiteExport } from './content-import.server'
import { contentJsonChunks } from './content-json.server'
import { wxrChunks } from './wxr.server'

// An article's access level (issue 38) in the export and back: content.json carries it, its
// plans and each category's default; the import puts them back, the plans renumbered as the
// importing site has them. wordpress.xml names them as postmeta.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-access-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function text(chunks: AsyncIterable<string>) {
  let out = ''
  for await (const chunk of chunks) out += chunk
  return out
}

async function zipOf(contentJson: string) {
  const zip = new yazl.ZipFile()
  zip.addBuffer(Buffer.from(contentJson), 'content.json')
  zip.end()
  const file = path.join(dir, 'export.zip')
  await pipeline(zip.outputStream, fs.createWriteStream(file))
  return file
}

describe('the access level in the site export', () => {
  it('exports it, and the import brings it back with the plans it names', async () => {
    const db = getDb()
    const [plan] = await db
      .insert(plans)
      .values({ slug: 'digital-export', name: 'Digital', monthlyPriceCents: 800 })
      .returning()
    const [opinion] = await db
      .insert(categories)
      .values({ name: 'Opinion', slug: 'opinion-export', defaultAccess: 'members' })
      .returning()
    const gated = await insertArticle({ title: 'For members', categoryId: opinion.id })
    await db
      .update(articles)
      .set({ access: 'members', accessPlanIds: [plan.id], freeForNow: true, previewParagraphs: 2 })
      .where(eq(articles.id, gated.id))
    const registered = await insertArticle({ title: 'For readers with an account' })
    await db.update(articles).set({ access: 'registered' }).where(eq(articles.id, registered.id))

    const json = await text(contentJsonChunks({ url: 'https://news.example', name: 'Test' }))
    const content = JSON.parse(json)
    expect(Object.keys(content).indexOf('plans')).toBeLessThan(
      Object.keys(content).indexOf('articles'),
    )
    expect(content.plans).toContainEqual(
      expect.objectContaining({ id: plan.id, slug: 'digital-export', name: 'Digital' }),
    )
    expect(content.categories).toContainEqual(
      expect.objectContaining({ slug: 'opinion-export', defaultAccess: 'members' }),
    )
    expect(content.articles.find((a: { id: number }) => a.id === gated.id)).toMatchObject({
      access: 'members',
      accessPlanIds: [plan.id],
      freeForNow: true,
      previewParagraphs: 2,
    })

    const wxr = await text(wxrChunks({ url: 'https://news.example', name: 'Test' }))
    const gatedItem = wxr.split('<item>').find((item) => item.includes('For members')) ?? ''
    expect(gatedItem).toContain(
      '<wp:meta_key><![CDATA[_broadsheet_access]]></wp:meta_key><wp:meta_value><![CDATA[members]]>',
    )
    expect(gatedItem).toContain(
      '<![CDATA[_broadsheet_access_plans]]></wp:meta_key><wp:meta_value><![CDATA[digital-export]]>',
    )
    expect(gatedItem).toContain('<![CDATA[_broadsheet_free_for_now]]>')
    expect(gatedItem).toContain(
      '<![CDATA[_broadsheet_preview_paragraphs]]></wp:meta_key><wp:meta_value><![CDATA[2]]>',
    )

    // Another site: empty of content, and its own plan holds the exported plan's id.
    await clearContent()
    await db.delete(plans)
    const [taken] = await db
      .insert(plans)
      .values({ id: plan.id, slug: 'print-only', name: 'Print' })
      .returning()
    await importSiteExport(db, getStorage(), await zipOf(json))

    const [digital] = await db.select().from(plans).where(eq(plans.slug, 'digital-export'))
    expect(digital.id).not.toBe(taken.id)
    const [back] = await db.select().from(articles).where(eq(articles.id, gated.id))
    expect(back).toMatchObject({
      access: 'members',
      accessPlanIds: [digital.id],
      freeForNow: true,
      previewParagraphs: 2,
    })
    const [again] = await db.select().from(articles).where(eq(articles.id, registered.id))
    expect(again).toMatchObject({ access: 'registered', accessPlanIds: [], freeForNow: false })
    const [category] = await db.select().from(categories).where(eq(categories.id, opinion.id))
    expect(category.defaultAccess).toBe('members')
  })

  it('reads an export from before reader revenue as everyone', async () => {
    const db = getDb()
    await clearContent()
    const json = JSON.stringify({
      format: 'broadsheet-content',
      version: 1,
      authors: [],
      categories: [
        {
          id: 1,
          name: 'Old',
          slug: 'old',
          description: null,
          position: 0,
          showInNavigation: true,
          showOnHome: true,
        },
      ],
      tags: [],
      articles: [
        {
          id: 1,
          title: 'Old story',
          slug: 'old-story',
          excerpt: '',
          content: '<p>Text</p>',
          featuredImage: null,
          status: 'published',
          isFeatured: false,
          hasVideo: false,
          videoUrl: null,
          publishedAt: '2025-01-01T00:00:00.000Z',
          categoryId: 1,
          authorId: null,
          createdAt: '2025-01-01T00:00:00.000Z',
          updatedAt: '2025-01-01T00:00:00.000Z',
          revisedAt: null,
          breakingUntil: null,
          tagIds: [],
          corrections: [],
          revisions: [],
        },
      ],
    })
    await importSiteExport(db, getStorage(), await zipOf(json))
    const [row] = await db.select().from(articles).where(eq(articles.slug, 'old-story'))
    expect(row).toMatchObject({ access: 'everyone', accessPlanIds: [], previewParagraphs: null })
    const [category] = await db.select().from(categories).where(eq(categories.slug, 'old'))
    expect(category.defaultAccess).toBe('everyone')
  })
})
