import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { eq, inArray } from 'drizzle-orm'
import yazl from 'yazl'
import { afterAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { importSiteExport } from '~/domain/export/content-import.server'
import { contentJsonChunks } from '~/domain/export/content-json.server'
import { wxrChunks } from '~/domain/export/wxr.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { getStorage } from '~/infra/storage.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { clearContent, insertArticle } from '../../../tests/setup/content-fixtures'
import { WXR_CLOSING, wxrOpening } from '../../../tests/setup/wxr'
import type { ImportInput } from './import-job-data'
import { runImport } from './import-run.server'

// The search and social fields (issue 40) leave with the site export (content.json, and
// WXR under Yoast SEO's keys) and come back with the site import; Ghost's meta_title,
// meta_description and og_image and WordPress's Yoast postmeta become them on import.

const NOW = new Date('2026-06-01T12:00:00Z')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-seo-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function text(chunks: AsyncIterable<string>) {
  let out = ''
  for await (const chunk of chunks) out += chunk
  return out
}

async function write(name: string, body: string) {
  const folder = await fsp.mkdtemp(path.join(getEnv().dataDir, 'seo-'))
  const file = path.join(folder, name)
  await fsp.writeFile(file, body)
  return file
}

async function seoBySlug(slugs: string[]) {
  const rows = await getDb()
    .select({
      slug: articles.slug,
      seoTitle: articles.seoTitle,
      metaDescription: articles.metaDescription,
      socialImage: articles.socialImage,
    })
    .from(articles)
    .where(inArray(articles.slug, slugs))
  return Object.fromEntries(rows.map(({ slug, ...seo }) => [slug, seo]))
}

const SEO = {
  seoTitle: 'Harbour: the short title',
  metaDescription: 'What the harbour vote means.',
  socialImage: '/uploads/harbour-card.jpg',
}

describe('the site export and import', () => {
  it('carries the fields in content.json and WXR, and puts them back', async () => {
    const db = getDb()
    const article = await insertArticle({ title: 'Harbour vote' })
    await db.update(articles).set(SEO).where(eq(articles.id, article.id))
    const plain = await insertArticle({ title: 'Plain story' })

    const json = await text(contentJsonChunks({ url: 'https://news.example', name: 'Test' }))
    const exported = JSON.parse(json).articles
    expect(exported.find((a: { id: number }) => a.id === article.id)).toMatchObject(SEO)
    expect(exported.find((a: { id: number }) => a.id === plain.id)).toMatchObject({
      seoTitle: null,
      metaDescription: null,
      socialImage: null,
    })

    const wxr = await text(wxrChunks({ url: 'https://news.example', name: 'Test' }))
    const item = wxr.split('<item>').find((part) => part.includes('Harbour vote')) ?? ''
    expect(item).toContain(
      '<![CDATA[_yoast_wpseo_title]]></wp:meta_key><wp:meta_value><![CDATA[Harbour: the short title]]>',
    )
    expect(item).toContain(
      '<![CDATA[_yoast_wpseo_metadesc]]></wp:meta_key><wp:meta_value><![CDATA[What the harbour vote means.]]>',
    )
    expect(item).toContain(
      '<![CDATA[_yoast_wpseo_opengraph-image]]></wp:meta_key><wp:meta_value><![CDATA[https://news.example/uploads/harbour-card.jpg]]>',
    )
    const plainItem = wxr.split('<item>').find((part) => part.includes('Plain story')) ?? ''
    expect(plainItem).not.toContain('_yoast_wpseo')

    await clearContent()
    const zip = new yazl.ZipFile()
    zip.addBuffer(Buffer.from(json), 'content.json')
    zip.end()
    const file = path.join(dir, 'export.zip')
    await pipeline(zip.outputStream, fs.createWriteStream(file))
    await importSiteExport(db, getStorage(), file)
    const [back] = await db.select().from(articles).where(eq(articles.id, article.id))
    expect(back).toMatchObject(SEO)
  })
})

describe('imports from Ghost and WordPress', () => {
  it('Ghost: meta_title, meta_description and og_image from posts_meta, or the post', async () => {
    const post = (n: number, extra: object = {}) => ({
      id: `s${n}`,
      title: `Seo story ${n}`,
      slug: `seo-story-${n}`,
      html: `<p>Story ${n}.</p>`,
      type: 'post',
      status: 'published',
      visibility: 'public',
      published_at: '2021-03-01T10:00:00.000Z',
      ...extra,
    })
    const file = await write(
      'ghost.json',
      JSON.stringify({
        db: [
          {
            meta: { version: '5.0.0' },
            data: {
              posts: [
                post(1),
                // Ghost 2 kept them on the post.
                post(2, { meta_title: 'Old Ghost title', og_image: 'javascript:alert(1)' }),
                post(3),
              ],
              posts_meta: [
                {
                  post_id: 's1',
                  meta_title: 'Ghost SEO title',
                  meta_description: 'Ghost meta description',
                  og_image: '__GHOST_URL__/content/images/og.jpg',
                },
              ],
              settings: [{ key: 'db_hash', value: 'seo-test' }],
            },
          },
        ],
      }),
    )
    const input: ImportInput = {
      source: 'ghost',
      filePath: file,
      imagesPath: null,
      options: { pagesAs: 'articles', siteUrl: 'https://ghost.example' },
    }
    const admin = await createTestUser({ role: 'admin' })
    await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    expect(await seoBySlug(['seo-story-1', 'seo-story-2', 'seo-story-3'])).toEqual({
      'seo-story-1': {
        seoTitle: 'Ghost SEO title',
        metaDescription: 'Ghost meta description',
        socialImage: 'https://ghost.example/content/images/og.jpg',
      },
      // An image the form would refuse is not stored.
      'seo-story-2': { seoTitle: 'Old Ghost title', metaDescription: null, socialImage: null },
      'seo-story-3': { seoTitle: null, metaDescription: null, socialImage: null },
    })
  })

  it('WordPress: Yoast postmeta, but not a Yoast template only Yoast can fill', async () => {
    const meta = (key: string, value: string) =>
      `<wp:postmeta><wp:meta_key>${key}</wp:meta_key><wp:meta_value><![CDATA[${value}]]></wp:meta_value></wp:postmeta>`
    const item = (n: number, postmeta: string) =>
      `<item><title>Yoast story ${n}</title><link>https://old.example/yoast-story-${n}/</link>
<content:encoded><![CDATA[<p>Yoast ${n}.</p>]]></content:encoded>
<wp:post_id>${n}</wp:post_id><wp:post_date_gmt>2020-01-05 10:00:00</wp:post_date_gmt>
<wp:post_name>yoast-story-${n}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
${postmeta}</item>`
    const file = await write(
      'yoast.xml',
      `${wxrOpening('Yoast Times')}${item(
        1,
        meta('_yoast_wpseo_title', 'Yoast title') +
          meta('_yoast_wpseo_metadesc', 'Yoast description') +
          meta('_yoast_wpseo_opengraph-image', 'https://old.example/wp-content/uploads/og.png'),
      )}
${item(2, meta('_yoast_wpseo_title', '%%title%% %%sep%% %%sitename%%'))}
${WXR_CLOSING}`,
    )
    const input: ImportInput = {
      source: 'wordpress',
      filePath: file,
      imagesPath: null,
      options: { pagesAs: 'articles' },
    }
    const admin = await createTestUser({ role: 'admin' })
    await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    expect(await seoBySlug(['yoast-story-1', 'yoast-story-2'])).toEqual({
      'yoast-story-1': {
        seoTitle: 'Yoast title',
        metaDescription: 'Yoast description',
        socialImage: 'https://old.example/wp-content/uploads/og.png',
      },
      'yoast-story-2': { seoTitle: null, metaDescription: null, socialImage: null },
    })
  })
})
