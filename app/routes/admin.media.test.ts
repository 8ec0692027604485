import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { mediaFiles } from '@db/schema/index'
import { toCardViews } from '~/components/site/card-view.server'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { variantName } from '~/lib/image-variants'
import {
  createTestUser,
  requestAs,
  sessionCookie,
  toastFrom,
} from '../../tests/setup/auth-fixtures'
import { callRoute, expectUnexpectedFailure, post } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action as mediaApi, loader as mediaApiLoader } from './admin.api.media'
import { action, loader } from './admin.media'
import { loader as articleLoader } from './_site.article.$slug'

type Role = 'contributor' | 'author' | 'editor' | 'admin'
const cookies = {} as Record<Role, string>
let png: Buffer

beforeAll(async () => {
  for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
    const user = await createTestUser({ role, email: `${role}-media@example.com` })
    cookies[role] = await sessionCookie(user)
  }
  png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
})

async function upload(role: Role, fileName: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)]), fileName)
  const response = await callRoute(
    mediaApi,
    requestAs(cookies[role], '/admin/api/media?kind=image', { method: 'POST', body: form }),
  )
  expect(response.status).toBe(201)
  return (await response.json()).item as { name: string; url: string }
}

// `callRoute` reads the route's answer thrown or returned (a guard's 403, a 404).
function edit(role: Role, fields: Record<string, string>) {
  return callRoute(action, post(cookies[role], '/admin/media', fields))
}

async function rowOf(name: string) {
  const [row] = await getDb()
    .select()
    .from(mediaFiles)
    .where(and(eq(mediaFiles.bucket, 'media'), eq(mediaFiles.name, name)))
  return row
}

async function library(role: Role, q = '') {
  const response = await callRoute(
    loader,
    requestAs(cookies[role], `/admin/media${q ? `?q=${encodeURIComponent(q)}` : ''}`),
  )
  expect(response.status).toBe(200)
  return (await response.json()) as {
    images: {
      name: string
      originalName: string
      alt: string
      uploadedBy: string | null
      uploadedIso: string
    }[]
  }
}

describe('the media library: alt text and caption', () => {
  it('lets editors and admins edit them, trimmed', async () => {
    const image = await upload('author', 'Harbour at dawn.png')
    const saved = await edit('editor', {
      intent: 'update-image',
      name: image.name,
      alt: '  Fishing boats in the harbour  ',
      caption: ' The harbour at dawn. ',
    })
    expect(saved.status).toBe(200)
    expect(await toastFrom(saved)).toMatchObject({ type: 'success' })
    expect(await rowOf(image.name)).toMatchObject({
      alt: 'Fishing boats in the harbour',
      caption: 'The harbour at dawn.',
      originalName: 'Harbour at dawn.png',
    })
    expect(
      (await edit('admin', { intent: 'update-image', name: image.name, alt: 'Boats', caption: '' }))
        .status,
    ).toBe(200)
    expect((await rowOf(image.name)).alt).toBe('Boats')
  })

  it('refuses contributors and authors, who may still upload', async () => {
    const image = await upload('contributor', 'Writer upload.png')
    for (const role of ['contributor', 'author'] as const) {
      const refused = await edit(role, {
        intent: 'update-image',
        name: image.name,
        alt: 'Vandalised',
        caption: '',
      })
      expect(refused.status).toBe(403)
      expect((await refused.json()).code).toBe('FORBIDDEN')
      const deleted = await edit(role, { intent: 'delete-image', name: image.name })
      expect(deleted.status).toBe(403)
      expect((await callRoute(loader, requestAs(cookies[role], '/admin/media'))).status).toBe(403)
    }
    expect((await rowOf(image.name)).alt).toBe('')
    expect(await getStorage().stat('media', image.name)).not.toBeNull()
  })

  it('refuses text that is too long, a forged intent and a file that is not there', async () => {
    const image = await upload('editor', 'Long.png')
    const long = await edit('editor', {
      intent: 'update-image',
      name: image.name,
      alt: 'a'.repeat(251),
      caption: 'c'.repeat(501),
    })
    expect(long.status).toBe(400)
    const body = await long.json()
    expect(body.fieldErrors.alt).toEqual(['Alt text must be at most 250 characters'])
    expect(body.fieldErrors.caption).toEqual(['Caption must be at most 500 characters'])
    expect((await edit('editor', { intent: 'rename', name: image.name })).status).toBe(400)
    const missing = await edit('editor', { intent: 'update-image', alt: 'x', caption: '' })
    expect(missing.status).toBe(400)
    expect((await missing.json()).toast.description).toBe('There is no such file.')
    for (const name of ['../../etc/passwd', '1-2.png/../x', variantName(image.name, 640)]) {
      const bad = await edit('editor', { intent: 'update-image', name, alt: 'x', caption: '' })
      expect([400, 404]).toContain(bad.status)
    }
    const gone = await edit('editor', {
      intent: 'update-image',
      name: '123-456.png',
      alt: 'x',
      caption: '',
    })
    expect(gone.status).toBe(404)
    expect((await rowOf(image.name)).alt).toBe('')
  })

  it('gives an image stored before the library kept records a row when it is described', async () => {
    const seeded = '1700000000000-1.png'
    await getStorage().put('media', seeded, png)
    const saved = await edit('editor', {
      intent: 'update-image',
      name: seeded,
      alt: 'An old picture',
      caption: '',
    })
    expect(saved.status).toBe(200)
    expect(await rowOf(seeded)).toMatchObject({ alt: 'An old picture', width: 1600 })
    const listed = (await library('editor')).images.find((i) => i.name === seeded)
    // No uploaded name was kept: the stored name is its label.
    expect(listed).toMatchObject({ originalName: seeded, alt: 'An old picture', uploadedBy: null })
  })
})

describe('the media library: list and search', () => {
  it('lists each image with its uploaded name, date and uploader', async () => {
    const image = await upload('admin', 'Town hall.png')
    const { images } = await library('editor')
    const listed = images.find((i) => i.name === image.name)
    expect(listed).toMatchObject({
      originalName: 'Town hall.png',
      // The username, never the e-mail address.
      uploadedBy: 'admin-media',
    })
    expect(Date.now() - new Date(listed!.uploadedIso).getTime()).toBeLessThan(60_000)
  })

  it('finds images by uploaded name and by alt text, wildcards taken literally', async () => {
    const sunset = await upload('editor', 'Sunset_100%.png')
    const market = await upload('editor', 'market.png')
    await edit('editor', {
      intent: 'update-image',
      name: market.name,
      alt: 'Stalls of the Saturday market',
      caption: '',
    })
    expect((await library('editor', 'sunset')).images.map((i) => i.name)).toEqual([sunset.name])
    expect((await library('editor', 'SATURDAY')).images.map((i) => i.name)).toEqual([market.name])
    expect((await library('editor', '100%')).images.map((i) => i.name)).toEqual([sunset.name])
    expect((await library('editor', '_100')).images.map((i) => i.name)).toEqual([sunset.name])
    expect((await library('editor', '%')).images.map((i) => i.name)).toEqual([sunset.name])
    expect((await library('editor', 'nothing like it')).images).toEqual([])
    // The picker searches through the endpoint, open to every writer.
    const picker = await callRoute(
      mediaApiLoader,
      requestAs(cookies.contributor, '/admin/api/media?kind=image&q=saturday'),
    )
    expect((await picker.json()).items.map((i: { name: string }) => i.name)).toEqual([market.name])
  })
})

describe('the media library: delete', () => {
  it('removes the file, its variants and its row', async () => {
    const image = await upload('editor', 'Gone.png')
    const response = await edit('editor', { intent: 'delete-image', name: image.name })
    expect(response.status).toBe(200)
    expect(await getStorage().stat('media', image.name)).toBeNull()
    expect(await getStorage().stat('media', variantName(image.name, 640))).toBeNull()
    expect(await rowOf(image.name)).toBeUndefined()
    const again = await edit('editor', { intent: 'delete-image', name: image.name })
    expect(again.status).toBe(404)
    expect((await again.json()).toast).toMatchObject({ title: 'Delete failed' })
  })
})

describe('alt text and caption on the public site', () => {
  it('reach the article image, its cards and NewsArticle.image', async () => {
    const image = await upload('editor', 'Bridge.png')
    await edit('editor', {
      intent: 'update-image',
      name: image.name,
      alt: 'The old bridge at night',
      caption: 'The bridge reopened on Monday.',
    })
    const article = await insertArticle({ title: 'Bridge reopens', featuredImage: image.url })
    const response = await callRoute(articleLoader, requestAs(null, `/article/${article.slug}`), {
      slug: article.slug,
    })
    const page = await response.json()
    // The page arrives as server-drawn HTML: the image carries the library's alt and caption.
    expect(page.html).toContain('alt="The old bridge at night"')
    expect(page.html).toMatch(/<figcaption[^>]*>The bridge reopened on Monday\.<\/figcaption>/)
    const jsonLd = page.meta.find((m: Record<string, unknown>) => 'script:ld+json' in m)
    expect(jsonLd['script:ld+json'].image).toEqual({
      '@type': 'ImageObject',
      url: `${process.env.SITE_URL ?? 'http://localhost:3000'}${image.url}`,
      width: 1600,
      height: 900,
      caption: 'The bridge reopened on Monday.',
    })
    const cards = toCardViews((await listPublishedArticles()).items)
    expect(cards.find((c) => c.id === article.id)?.featuredImageAlt).toBe('The old bridge at night')
  })

  it('falls back to the title when the library has no alt text', async () => {
    const other = await insertArticle({
      title: 'Elsewhere',
      featuredImage: 'https://images.example.com/photo.jpg',
    })
    const response = await callRoute(articleLoader, requestAs(null, `/article/${other.slug}`), {
      slug: other.slug,
    })
    const page = await response.json()
    expect(page.html).toContain('alt="Elsewhere"')
    expect(page.html).not.toContain('<figcaption')
    const jsonLd = page.meta.find((m: Record<string, unknown>) => 'script:ld+json' in m)
    expect(jsonLd['script:ld+json'].image).toEqual({
      '@type': 'ImageObject',
      url: 'https://images.example.com/photo.jpg',
    })
  })
})

describe('/admin/media when the unexpected happens', () => {
  it('answers an edit 500 with the generic message and logs the request id', async () => {
    const image = await upload('editor', 'Late.png')
    const body = await expectUnexpectedFailure(
      action,
      post(cookies.editor, '/admin/media', {
        intent: 'update-image',
        name: image.name,
        alt: 'x',
        caption: '',
      }),
      { table: 'media_files' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error' })
  })
})
