import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles, mediaFiles } from '@db/schema/index'
import { toCardViews } from '~/components/site/card-view.server'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { cacheKey, onContentChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { getStorage, readAll } from '~/infra/storage.server'
import { socialCropName } from '~/lib/image-variants'
import { createTestUser, requestAs, sessionCookie } from '../../tests/setup/auth-fixtures'
import { callRoute, post } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action as mediaApi } from './admin.api.media'
import { action, loader } from './admin.media'
import { loader as articleLoader } from './_site.article.$slug'

// The media library's focal point and credit (issue 40): saved with validation by those who
// may edit the library, and followed by every crop and every place that credits the picture.

type Role = 'contributor' | 'author' | 'editor' | 'admin'
const cookies = {} as Record<Role, string>
const SITE = process.env.SITE_URL ?? 'http://localhost:3000'
let wide: Buffer

beforeAll(async () => {
  for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
    const user = await createTestUser({ role, email: `${role}-focal@example.com` })
    cookies[role] = await sessionCookie(user)
  }
  // 2400×800 (3:1): every 16:9, 4:3 and 1.91:1 frame cuts its sides.
  wide = await sharp({ create: { width: 2400, height: 800, channels: 3, background: '#224466' } })
    .png()
    .toBuffer()
})

async function upload(fileName: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(wide)]), fileName)
  const response = await callRoute(
    mediaApi,
    requestAs(cookies.editor, '/admin/api/media?kind=image', { method: 'POST', body: form }),
  )
  expect(response.status).toBe(201)
  return (await response.json()).item as { name: string; url: string }
}

function edit(role: Role, fields: Record<string, string>) {
  return callRoute(action, post(cookies[role], '/admin/media', fields))
}

function details(name: string, fields: Record<string, string>) {
  return { intent: 'update-image', name, alt: '', caption: '', ...fields }
}

async function rowOf(name: string) {
  const [row] = await getDb()
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, 'media'), eq(mediaFiles.name, name)))
  return row
}

async function articlePage(slug: string) {
  const response = await callRoute(articleLoader, requestAs(null, `/article/${slug}`), { slug })
  expect(response.status).toBe(200)
  return (await response.json()) as { html: string; meta: Record<string, unknown>[] }
}

function metaContent(meta: Record<string, unknown>[], property: string) {
  return meta.find((m) => m.property === property)?.content
}

describe('saving a focal point and a credit', () => {
  it('stores them for editors and admins; new images start at the centre with no credit', async () => {
    const image = await upload('Square.png')
    expect(await rowOf(image.name)).toMatchObject({ focalX: 0.5, focalY: 0.5, credit: '' })
    const saved = await edit(
      'editor',
      details(image.name, {
        credit: '  Photo:  Jane   Doe / Wire ',
        focalX: '0.2',
        focalY: '0.75',
      }),
    )
    expect(saved.status).toBe(200)
    // "Photo: " is how it is shown, not part of the name; spaces are tidied.
    expect(await rowOf(image.name)).toMatchObject({
      focalX: 0.2,
      focalY: 0.75,
      credit: 'Jane Doe / Wire',
    })
    const listed = await callRoute(loader, requestAs(cookies.admin, '/admin/media'))
    const item = ((await listed.json()).images as { name: string }[]).find(
      (i) => i.name === image.name,
    )
    expect(item).toMatchObject({ credit: 'Jane Doe / Wire', focalX: 0.2, focalY: 0.75 })
    expect(
      (await edit('admin', details(image.name, { credit: '', focalX: '0.5', focalY: '0.5' })))
        .status,
    ).toBe(200)
    expect(await rowOf(image.name)).toMatchObject({ focalX: 0.5, focalY: 0.5, credit: '' })
  })

  it('refuses contributors and authors', async () => {
    const image = await upload('Guarded.png')
    for (const role of ['contributor', 'author'] as const) {
      const refused = await edit(
        role,
        details(image.name, { credit: 'Vandal', focalX: '0', focalY: '0' }),
      )
      expect(refused.status).toBe(403)
    }
    expect(await rowOf(image.name)).toMatchObject({ focalX: 0.5, focalY: 0.5, credit: '' })
  })

  it('answers bad values with 400 and a message for each field, saving nothing', async () => {
    const image = await upload('Bad values.png')
    for (const [focalX, focalY] of [
      ['1.5', '0.5'],
      ['-0.1', '0.5'],
      ['abc', '0.5'],
      ['', '0.5'],
      ['0.5', 'Infinity'],
    ]) {
      const refused = await edit('editor', details(image.name, { focalX, focalY }))
      expect(refused.status).toBe(400)
      const errors = (await refused.json()).fieldErrors
      expect(Object.values(errors).flat()).toContain(
        'The focal point must be a fraction between 0 and 1',
      )
    }
    const long = await edit('editor', details(image.name, { credit: 'x'.repeat(121) }))
    expect(long.status).toBe(400)
    expect((await long.json()).fieldErrors.credit).toEqual([
      'Credit must be at most 120 characters',
    ])
    expect(await rowOf(image.name)).toMatchObject({ focalX: 0.5, focalY: 0.5, credit: '' })
  })
})

describe('the social crop', () => {
  it('is made around an off-centre focal point, replaced when it moves, and goes with the image', async () => {
    const image = await upload('Crop.png')
    const storage = getStorage()
    await edit('editor', details(image.name, { focalX: '0.1', focalY: '0.5' }))
    const first = socialCropName(image.name, { x: 0.1, y: 0.5 })
    const stream = await storage.get('media', first)
    expect(stream).not.toBeNull()
    const meta = await sharp(await readAll(stream!)).metadata()
    // From the 1920 px variant (1920×640): a 1.91:1 window of 1219×640, not enlarged.
    expect(meta).toMatchObject({ format: 'webp', height: 630 })
    expect(meta.width).toBeGreaterThanOrEqual(1199)
    expect(meta.width).toBeLessThanOrEqual(1201)

    await edit('editor', details(image.name, { focalX: '0.9', focalY: '0.4' }))
    const second = socialCropName(image.name, { x: 0.9, y: 0.4 })
    expect(await storage.stat('media', second)).not.toBeNull()
    expect(await storage.stat('media', first)).toBeNull()

    expect((await edit('editor', { intent: 'delete-image', name: image.name })).status).toBe(200)
    expect(await storage.stat('media', second)).toBeNull()
  })
})

describe('the focal point and credit on the public site', () => {
  it('cut the header, the cards and og:image around the point, and credit the picture', async () => {
    const image = await upload('Harbour.png')
    const article = await insertArticle({ title: 'Harbour opens', featuredImage: image.url })
    const before = await articlePage(article.slug)
    expect(metaContent(before.meta, 'og:image')).toBe(`${SITE}${image.url}`)
    expect(before.html).not.toContain('object-position')

    const heard: string[][] = []
    const stop = onContentChanged((keys) => heard.push([...keys]))
    try {
      await edit(
        'editor',
        details(image.name, {
          caption: 'Boats at dawn.',
          credit: 'Jane Doe',
          focalX: '0.25',
          focalY: '0.5',
        }),
      )
    } finally {
      stop()
    }
    expect(heard.flat()).toContain(cacheKey.article(article.id))

    const page = await articlePage(article.slug)
    // 3:1 into 16:9 shows 16/27 of the width; a point at 0.25 is as near the middle as the
    // left edge lets it be.
    expect(page.html).toContain('object-position:0% 50%')
    expect(page.html).toMatch(
      /<figcaption[^>]*>Boats at dawn\.<small[^>]*>Photo: Jane Doe<\/small><\/figcaption>/,
    )
    expect(metaContent(page.meta, 'og:image')).toBe(
      `${SITE}/media/media/${socialCropName(image.name, { x: 0.25, y: 0.5 })}`,
    )
    const jsonLd = page.meta.find((m) => 'script:ld+json' in m)?.['script:ld+json'] as {
      image: Record<string, unknown>
    }
    expect(jsonLd.image).toEqual({
      '@type': 'ImageObject',
      url: `${SITE}${image.url}`,
      width: 2400,
      height: 800,
      caption: 'Boats at dawn.',
      creditText: 'Jane Doe',
    })
    const card = toCardViews((await listPublishedArticles()).items).find((c) => c.id === article.id)
    // 4:3 shows 4/9 of the width: the window starts 0.25 - 2/9 in, 5% of the way.
    expect(card?.featuredImagePosition).toEqual({ wide: '0% 50%', card: '5% 50%' })
  })

  it('follows the social image’s own focal point when the article has one', async () => {
    const featured = await upload('Featured.png')
    const social = await upload('Social.png')
    await edit('editor', details(social.name, { credit: 'Wire', focalX: '0.8', focalY: '0.2' }))
    const article = await insertArticle({ title: 'Social card', featuredImage: featured.url })
    await getDb()
      .update(articles)
      .set({ socialImage: social.url })
      .where(eq(articles.id, article.id))
    // A change of the social image's library entry reaches this page too.
    const heard: string[][] = []
    const stop = onContentChanged((keys) => heard.push([...keys]))
    try {
      await edit('editor', details(social.name, { credit: 'Wire', focalX: '0.7', focalY: '0.2' }))
    } finally {
      stop()
    }
    expect(heard.flat()).toContain(cacheKey.article(article.id))
    const page = await articlePage(article.slug)
    expect(metaContent(page.meta, 'og:image')).toBe(
      `${SITE}/media/media/${socialCropName(social.name, { x: 0.7, y: 0.2 })}`,
    )
    const jsonLd = page.meta.find((m) => 'script:ld+json' in m)?.['script:ld+json'] as {
      image: Record<string, unknown>
    }
    expect(jsonLd.image).toMatchObject({ url: `${SITE}${social.url}`, creditText: 'Wire' })
  })
})
