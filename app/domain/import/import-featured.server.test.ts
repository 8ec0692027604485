import fsp from 'node:fs/promises'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { WXR_CLOSING, wxrOpening } from '../../../tests/setup/wxr'
import { analyseImport } from './import-analysis.server'
import type { ImportInput } from './import-job-data'
import { runImport } from './import-run.server'

// Security audit (LOW): imported featured images skipped the article form's address rule
// (articles-schema.ts isImageSource). A `javascript:` or protocol-relative `//other.site`
// address is now left out and reported, from WordPress and Ghost alike.

const NOW = new Date('2026-06-01T12:00:00Z')
const BAD = [
  'javascript:alert(document.domain)',
  '//evil.example/pixel.png',
  '/\\evil.example/x.png',
]
const GOOD = 'https://old.example/wp-content/uploads/2020/01/harbour.jpg'

async function write(name: string, text: string) {
  const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'featured-'))
  const file = path.join(dir, name)
  await fsp.writeFile(file, text)
  return file
}

function wxrPost(n: number, thumbnail: number) {
  return `<item><title>Quay story ${n}</title><link>https://old.example/quay-story-${n}/</link>
<content:encoded><![CDATA[<p>Quay ${n}.</p>]]></content:encoded>
<wp:post_id>${n}</wp:post_id><wp:post_date_gmt>2020-01-05 10:00:00</wp:post_date_gmt>
<wp:post_name>quay-story-${n}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
<wp:postmeta><wp:meta_key>_thumbnail_id</wp:meta_key><wp:meta_value>${thumbnail}</wp:meta_value></wp:postmeta>
</item>`
}

function wxrAttachment(id: number, url: string) {
  return `<item><title>Picture ${id}</title><wp:post_id>${id}</wp:post_id>
<wp:post_name>picture-${id}</wp:post_name><wp:status>inherit</wp:status><wp:post_type>attachment</wp:post_type>
<wp:attachment_url><![CDATA[${url}]]></wp:attachment_url></item>`
}

async function featuredBySlug(slugs: string[]) {
  const rows = await getDb()
    .select({ slug: articles.slug, featuredImage: articles.featuredImage })
    .from(articles)
    .where(inArray(articles.slug, slugs))
  return Object.fromEntries(rows.map((r) => [r.slug, r.featuredImage]))
}

describe('imported featured images pass the article form’s address rule', () => {
  it('WordPress: a bad attachment address is dropped and reported', async () => {
    const urls = [...BAD, GOOD]
    const file = await write(
      'featured.xml',
      `${wxrOpening('Quay Times')}${urls.map((url, i) => wxrAttachment(100 + i, url)).join('\n')}
${urls.map((_, i) => wxrPost(i + 1, 100 + i)).join('\n')}
${WXR_CLOSING}`,
    )
    const input: ImportInput = {
      source: 'wordpress',
      filePath: file,
      imagesPath: null,
      options: { pagesAs: 'articles' },
    }
    const analysis = await analyseImport(input, NOW)
    expect(analysis.refusedImages).toEqual(
      BAD.map((url, i) => ({ title: `Quay story ${i + 1}`, url })),
    )
    expect(analysis.images.missingSample).toEqual([GOOD])

    const admin = await createTestUser({ role: 'admin' })
    const report = await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    expect(report.counts.created).toBe(4)
    expect(
      await featuredBySlug(['quay-story-1', 'quay-story-2', 'quay-story-3', 'quay-story-4']),
    ).toEqual({
      'quay-story-1': null,
      'quay-story-2': null,
      'quay-story-3': null,
      'quay-story-4': GOOD,
    })
    const notes = report.items.filter((i) => i.type === 'post').map((i) => i.note ?? '')
    expect(notes).toEqual([
      ...BAD.map((url) => `featured image refused (not an image address): ${url}`),
      '',
    ])
  })

  it('Ghost: the same rule, after __GHOST_URL__ is resolved', async () => {
    const images = [
      'javascript:alert(1)',
      '//evil.example/a.png',
      '__GHOST_URL__/content/images/pier.jpg',
    ]
    const posts = images.map((image, i) => ({
      id: `g${i + 1}`,
      title: `Pier story ${i + 1}`,
      slug: `pier-story-${i + 1}`,
      html: `<p>Pier ${i + 1}.</p>`,
      feature_image: image,
      type: 'post',
      status: 'published',
      visibility: 'public',
      published_at: '2021-03-01T10:00:00.000Z',
    }))
    const file = await write(
      'ghost.json',
      JSON.stringify({
        db: [
          {
            meta: { version: '5.0.0' },
            data: { posts, settings: [{ key: 'db_hash', value: 'featured-test' }] },
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
    const analysis = await analyseImport(input, NOW)
    expect(analysis.refusedImages.map((r) => r.url)).toEqual(images.slice(0, 2))

    const admin = await createTestUser({ role: 'admin' })
    await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    expect(await featuredBySlug(['pier-story-1', 'pier-story-2', 'pier-story-3'])).toEqual({
      'pier-story-1': null,
      'pier-story-2': null,
      'pier-story-3': 'https://ghost.example/content/images/pier.jpg',
    })
  })
})
