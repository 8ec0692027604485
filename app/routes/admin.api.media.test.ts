import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { mediaFiles } from '@db/schema/index'
import { buildEditionPdf } from '~/domain/seed/seed.server'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { IMAGE_WIDTHS, variantName } from '~/lib/image-variants'
import { createTestUser, requestAs, sessionCookie } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectUnexpectedFailure,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { action, loader } from './admin.api.media'

let callers: Awaited<ReturnType<typeof signedInCallers>>
let png: Buffer
const pdf = buildEditionPdf('Edition', 'Test', ['One headline'])

beforeAll(async () => {
  callers = await signedInCallers()
  png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
})

function upload(cookie: string | null, kind: string, name: string, body: Buffer | string) {
  const form = new FormData()
  form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)]), name)
  return callRoute(
    action,
    requestAs(cookie, `/admin/api/media?kind=${kind}`, { method: 'POST', body: form }),
  )
}

describe('/admin/api/media', () => {
  it('answers 401 to anonymous callers and 403 to viewers', async () => {
    const anonymous = await upload(null, 'image', 'a.png', png)
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })
    expect((await upload(callers.viewer.cookie, 'image', 'a.png', png)).status).toBe(403)
    expect((await callRoute(loader, requestAs(null, '/admin/api/media?kind=image'))).status).toBe(
      401,
    )
    expect(
      (await callRoute(loader, requestAs(callers.viewer.cookie, '/admin/api/media'))).status,
    ).toBe(403)
    expect(await getStorage().list('media')).toHaveLength(0)
  })

  it('stores an image under a random name with its webp variants and its size', async () => {
    const response = await upload(callers.admin.cookie, 'image', 'Holiday photo.PNG', png)
    expect(response.status).toBe(201)
    const { item } = await response.json()
    expect(item).toMatchObject({ kind: 'image', width: 1600, height: 900, size: png.length })
    expect(item.name).toMatch(/^\d+-\d+\.png$/)
    expect(item.url).toBe(`/media/media/${item.name}`)
    for (const width of IMAGE_WIDTHS) {
      expect(await getStorage().stat('media', variantName(item.name, width))).not.toBeNull()
    }
    const list = await callRoute(
      loader,
      requestAs(callers.admin.cookie, '/admin/api/media?kind=image'),
    )
    expect((await list.json()).items).toEqual([
      {
        name: item.name,
        url: item.url,
        size: png.length,
        kind: 'image',
        width: 1600,
        height: 900,
        originalName: 'Holiday photo.PNG',
        alt: '',
        caption: '',
        // A new image has no credit, and its focal point is the centre.
        credit: '',
        focalX: 0.5,
        focalY: 0.5,
        uploadedIso: expect.any(String),
        uploadedBy: callers.admin.email.split('@')[0],
      },
    ])
  })

  it('shows a contributor who uploaded each image by name, never by e-mail address', async () => {
    const contributor = await createTestUser({ role: 'contributor' })
    const cookie = await sessionCookie(contributor)
    // The admin's upload of the test before.
    const list = await callRoute(loader, requestAs(cookie, '/admin/api/media?kind=image'))
    expect(list.status).toBe(200)
    const text = await list.text()
    expect(text).not.toContain(callers.admin.email)
    expect(text).not.toContain('@')
    const { items } = JSON.parse(text) as { items: { uploadedBy: string | null }[] }
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((i) => i.uploadedBy === callers.admin.email.split('@')[0])).toBe(true)
  })

  it('refuses disguised files: a PDF named .jpg, an SVG named .png, a broken image', async () => {
    for (const [name, body] of [
      ['photo.jpg', pdf],
      ['logo.png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['text.gif', 'GIF89a but then nothing that decodes'],
    ] as const) {
      const response = await upload(callers.admin.cookie, 'image', name, body)
      expect(response.status).toBe(415)
      expect((await response.json()).toast.title).toBe('Invalid file type')
    }
    expect((await getStorage().list('media')).length).toBe(1)
  })

  it("refuses a text file named .pdf with the spec's message", async () => {
    const response = await upload(callers.admin.cookie, 'pdf', 'edition.pdf', 'just some text')
    expect(response.status).toBe(415)
    expect((await response.json()).toast).toMatchObject({
      title: 'Invalid file type',
      description: 'Please upload only PDF files in this section',
    })
  })

  it('stores a PDF in pdf_newspapers and lists it with its size', async () => {
    const response = await upload(callers.admin.cookie, 'pdf', 'Friday edition.pdf', pdf)
    expect(response.status).toBe(201)
    const { item } = await response.json()
    expect(item.name).toMatch(/^\d+-\d+\.pdf$/)
    expect(item.url).toBe(`/media/pdf_newspapers/${item.name}`)
    const list = await callRoute(
      loader,
      requestAs(callers.admin.cookie, '/admin/api/media?kind=pdf'),
    )
    expect((await list.json()).items).toEqual([
      { name: item.name, url: item.url, size: pdf.length, kind: 'pdf' },
    ])
  })

  it('refuses files over the size limit with a clear message', async () => {
    const big = Buffer.concat([png, Buffer.alloc(15 * 1024 * 1024)])
    const response = await upload(callers.admin.cookie, 'image', 'huge.png', big)
    expect(response.status).toBe(413)
    expect((await response.json()).toast).toMatchObject({
      title: 'Upload failed',
      description: 'The file is too large. Images may be at most 15 MB.',
    })
    const font = Buffer.concat([Buffer.from('wOF2'), Buffer.alloc(5 * 1024 * 1024)])
    const fontResponse = await upload(callers.admin.cookie, 'font', 'big.woff2', font)
    expect(fontResponse.status).toBe(413)
    expect((await fontResponse.json()).toast.description).toBe(
      'The file is too large. Font files may be at most 5 MB.',
    )
  })

  it('accepts fonts by content only', async () => {
    const ttf = Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(2000)])
    const ok = await upload(callers.admin.cookie, 'font', 'My Brand.ttf', ttf)
    expect(ok.status).toBe(201)
    expect((await ok.json()).item).toMatchObject({ kind: 'font', originalName: 'My Brand.ttf' })
    const fake = await upload(callers.admin.cookie, 'font', 'fake.woff2', 'not a font')
    expect(fake.status).toBe(415)
  })

  it('refuses a request that is not a one-file upload', async () => {
    const response = await callRoute(
      action,
      requestAs(callers.admin.cookie, '/admin/api/media?kind=pdf', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'file=x',
      }),
    )
    expect(response.status).toBe(400)
    const noKind = await upload(callers.admin.cookie, 'video', 'a.mp4', 'x')
    expect(noKind.status).toBe(400)
  })

  it('deletes an image with its variants and its record', async () => {
    const [image] = (await getStorage().list('media')).filter((f) => f.name.endsWith('.png'))
    const response = await callRoute(
      action,
      requestAs(callers.admin.cookie, `/admin/api/media?kind=image&name=${image.name}`, {
        method: 'DELETE',
      }),
    )
    expect(response.status).toBe(200)
    expect(await getStorage().stat('media', image.name)).toBeNull()
    expect(await getStorage().stat('media', variantName(image.name, 640))).toBeNull()
    const rows = await getDb().select().from(mediaFiles)
    expect(rows.map((r) => r.name)).not.toContain(image.name)
    const again = await callRoute(
      action,
      requestAs(callers.admin.cookie, `/admin/api/media?kind=image&name=${image.name}`, {
        method: 'DELETE',
      }),
    )
    expect(again.status).toBe(404)
    expect((await again.json()).toast.title).toBe('Delete failed')
  })
})

describe('/admin/api/media when the unexpected happens', () => {
  function uploadRequest(name: string, body: Buffer) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(body)]), name)
    return requestAs(callers.admin.cookie, '/admin/api/media?kind=pdf', {
      method: 'POST',
      body: form,
    })
  }

  it('answers an upload 500 with the generic message and logs the request id', async () => {
    const body = await expectUnexpectedFailure(action, uploadRequest('late.pdf', pdf), {
      table: 'media_files',
    })
    expect(body.toast).toMatchObject({ type: 'error', title: 'Upload failed' })
  })

  it('answers a delete 500 with the generic message and logs the request id', async () => {
    const { item } = await (await callRoute(action, uploadRequest('gone.pdf', pdf))).json()
    const body = await expectUnexpectedFailure(
      action,
      requestAs(callers.admin.cookie, `/admin/api/media?kind=pdf&name=${item.name}`, {
        method: 'DELETE',
      }),
      { table: 'media_files' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Delete failed' })
  })
})
