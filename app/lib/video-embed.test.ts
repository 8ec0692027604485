import { describe, it, expect } from 'vitest'
import { toEmbedUrl } from './video-embed'

const ID = 'dQw4w9WgXcQ'
const youTube = { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${ID}` }

describe('toEmbedUrl: YouTube', () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc&t=10`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?autoplay=1`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}?feature=shared`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://youtube-nocookie.com/embed/${ID}`,
    `  https://youtu.be/${ID}  `,
    `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])('recognises %s', (url) => {
    expect(toEmbedUrl(url)).toEqual(youTube)
  })

  it('keeps ids with - and _', () => {
    expect(toEmbedUrl('https://youtu.be/a-b_c-d_e-f')).toEqual({
      kind: 'iframe',
      src: 'https://www.youtube-nocookie.com/embed/a-b_c-d_e-f',
    })
  })

  it.each([
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${ID}x`,
    'https://www.youtube.com/watch?v=dQw4w9WgX%3C',
    'https://www.youtube.com/channel/UCabcdefghijk',
    `https://www.youtube.com/embed/${ID}/extra`,
  ])('does not invent an id for %s, and uses it as it is', (url) => {
    expect(toEmbedUrl(url)).toEqual({ kind: 'iframe', src: new URL(url).href })
  })

  it('ignores look-alike hosts', () => {
    expect(toEmbedUrl(`https://notyoutube.com/watch?v=${ID}`)).toEqual({
      kind: 'iframe',
      src: `https://notyoutube.com/watch?v=${ID}`,
    })
    expect(toEmbedUrl(`https://youtube.com.evil.test/embed/${ID}`)?.src).toBe(
      `https://youtube.com.evil.test/embed/${ID}`,
    )
  })
})

describe('toEmbedUrl: Vimeo', () => {
  const vimeo = { kind: 'iframe', src: 'https://player.vimeo.com/video/123456' }

  it.each([
    'https://vimeo.com/123456',
    'https://www.vimeo.com/123456',
    'http://vimeo.com/123456/',
    'https://vimeo.com/123456?share=copy',
    'https://player.vimeo.com/video/123456',
    'https://player.vimeo.com/video/123456?autoplay=1',
    'https://vimeo.com/channels/staffpicks/123456',
    'https://vimeo.com/groups/shortfilms/videos/123456',
    'https://vimeo.com/album/998/video/123456',
    'https://vimeo.com/showcase/998/video/123456',
  ])('recognises %s', (url) => {
    expect(toEmbedUrl(url)).toEqual(vimeo)
  })

  it('keeps the hash an unlisted video needs', () => {
    expect(toEmbedUrl('https://vimeo.com/123456/abcdef0123')).toEqual({
      kind: 'iframe',
      src: 'https://player.vimeo.com/video/123456?h=abcdef0123',
    })
    expect(toEmbedUrl('https://player.vimeo.com/video/123456?h=abcdef0123&x=1')).toEqual({
      kind: 'iframe',
      src: 'https://player.vimeo.com/video/123456?h=abcdef0123',
    })
  })

  it('uses non-video Vimeo pages as they are', () => {
    expect(toEmbedUrl('https://vimeo.com/staffpicks')).toEqual({
      kind: 'iframe',
      src: 'https://vimeo.com/staffpicks',
    })
  })
})

describe('toEmbedUrl: direct video files', () => {
  it.each(['mp4', 'webm', 'ogg', 'mov', 'm4v', 'MP4'])('plays .%s in a video element', (ext) => {
    const url = `https://cdn.example.com/clips/launch.${ext}`
    expect(toEmbedUrl(url)).toEqual({ kind: 'video', src: url })
  })

  it('looks at the path, not the query string', () => {
    expect(toEmbedUrl('https://cdn.example.com/a.mp4?token=1')).toEqual({
      kind: 'video',
      src: 'https://cdn.example.com/a.mp4?token=1',
    })
    expect(toEmbedUrl('https://example.com/watch?file=a.mp4')?.kind).toBe('iframe')
  })
})

describe('toEmbedUrl: other URLs', () => {
  it('uses any other http(s) URL as an iframe as it is', () => {
    expect(toEmbedUrl('https://www.dailymotion.com/embed/video/x8abc')).toEqual({
      kind: 'iframe',
      src: 'https://www.dailymotion.com/embed/video/x8abc',
    })
    expect(toEmbedUrl('http://example.com/player?id=1')).toEqual({
      kind: 'iframe',
      src: 'http://example.com/player?id=1',
    })
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:video/mp4;base64,AAAA',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/a.mp4',
    '//youtube.com/watch?v=dQw4w9WgXcQ',
    'youtube.com/watch?v=dQw4w9WgXcQ',
    'not a url',
    'https://',
    '',
    '   ',
  ])('refuses %j', (url) => {
    expect(toEmbedUrl(url)).toBeNull()
  })

  it('refuses null and undefined', () => {
    expect(toEmbedUrl(null)).toBeNull()
    expect(toEmbedUrl(undefined)).toBeNull()
  })
})
