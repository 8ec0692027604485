import { describe, expect, it } from 'vitest'
import { mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { isUploadedImageUrl, mediaNameOfUrl } from './own-media.server'

describe('mediaNameOfUrl', () => {
  it('names the stored object behind a URL of the media bucket, and nothing else', () => {
    expect(mediaNameOfUrl('/media/media/1700000000-ab.webp')).toBe('1700000000-ab.webp')
    for (const url of [
      'https://elsewhere.example/media/media/x.webp',
      '//elsewhere.example/x.webp',
      '/media/pdf_newspapers/edition.pdf',
      '/media/media/_v/x-640.webp',
      '/media/media/../backups/db.tar',
      '/media/media/',
      'javascript:alert(1)',
    ]) {
      expect(mediaNameOfUrl(url), url).toBeNull()
    }
  })
})

describe('isUploadedImageUrl', () => {
  it('is true only for an image uploaded through the media endpoint', async () => {
    await getDb()
      .insert(mediaFiles)
      .values([
        { bucket: 'media', name: 'face.webp', kind: 'image', contentType: 'image/webp', size: 10 },
        { bucket: 'media', name: 'logo.woff2', kind: 'font', contentType: 'font/woff2', size: 10 },
      ])
    expect(await isUploadedImageUrl('/media/media/face.webp')).toBe(true)
    expect(await isUploadedImageUrl('/media/media/logo.woff2')).toBe(false)
    expect(await isUploadedImageUrl('/media/media/never-uploaded.webp')).toBe(false)
    expect(await isUploadedImageUrl('https://elsewhere.example/face.webp')).toBe(false)
  })
})
