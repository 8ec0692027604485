import { describe, expect, it } from 'vitest'
import {
  EMBED_FRAME_ORIGINS,
  EMBED_PROVIDERS,
  embedAddress,
  embedFrame,
  providerOwning,
} from './embed-providers'

// Issue 40: which addresses each provider owns, and the frame built for each.
const FRAMES: [string, string, string][] = [
  [
    'youtube',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  ],
  [
    'youtube',
    'https://youtu.be/dQw4w9WgXcQ?t=4',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  ],
  ['vimeo', 'https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  [
    'x',
    'https://x.com/nasa/status/1234567890123456789',
    'https://platform.twitter.com/embed/Tweet.html?id=1234567890123456789&dnt=true',
  ],
  [
    'x',
    'https://twitter.com/nasa/status/42?s=20',
    'https://platform.twitter.com/embed/Tweet.html?id=42&dnt=true',
  ],
  [
    'instagram',
    'https://www.instagram.com/p/CxYz123abc/',
    'https://www.instagram.com/p/CxYz123abc/embed/',
  ],
  [
    'instagram',
    'https://www.instagram.com/reel/CxYz123abc/?igsh=1',
    'https://www.instagram.com/reel/CxYz123abc/embed/',
  ],
  [
    'tiktok',
    'https://www.tiktok.com/@scout2015/video/6718335390845095173',
    'https://www.tiktok.com/embed/v2/6718335390845095173',
  ],
  [
    'bluesky',
    'https://bsky.app/profile/did:plc:abcdefghijklmnopqrstuvwx/post/3kabcdefghijk',
    'https://embed.bsky.app/embed/did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3kabcdefghijk',
  ],
  [
    'mastodon',
    'https://mastodon.social/@Gargron/111222333444555666',
    'https://mastodon.social/@Gargron/111222333444555666/embed',
  ],
  [
    'facebook',
    'https://www.facebook.com/nytimes/posts/pfbid02abc?ref=share&fbclid=track',
    'https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fnytimes%2Fposts%2Fpfbid02abc',
  ],
  [
    'facebook',
    'https://www.facebook.com/watch/?v=1234567890',
    'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fwatch%2F%3Fv%3D1234567890',
  ],
  [
    'spotify',
    'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC?si=x',
    'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
  ],
  [
    'soundcloud',
    'https://soundcloud.com/forss/flickermood',
    'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fforss%2Fflickermood&visual=true',
  ],
  [
    'googlemaps',
    'https://www.google.com/maps/place/Eiffel+Tower/@48.8583701,2.2944813,17z',
    'https://maps.google.com/maps?q=Eiffel%20Tower&z=17&output=embed',
  ],
  [
    'googlemaps',
    'https://www.google.com/maps/@51.5,-0.12,12z',
    'https://maps.google.com/maps?q=51.5%2C-0.12&z=12&output=embed',
  ],
  [
    'googlemaps',
    'https://www.google.com/maps/embed?pb=!1m18!1m12',
    'https://www.google.com/maps/embed?pb=!1m18!1m12',
  ],
  [
    'datawrapper',
    'https://datawrapper.dwcdn.net/AbC12/3/',
    'https://datawrapper.dwcdn.net/AbC12/3/',
  ],
  ['datawrapper', 'https://www.datawrapper.de/_/AbC12/', 'https://datawrapper.dwcdn.net/AbC12/'],
  [
    'flourish',
    'https://public.flourish.studio/visualisation/1234567/',
    'https://flo.uri.sh/visualisation/1234567/embed',
  ],
  [
    'documentcloud',
    'https://www.documentcloud.org/documents/20059068-the-mueller-report',
    'https://embed.documentcloud.org/documents/20059068-the-mueller-report/?embed=1&responsive=1',
  ],
]

describe('embedFrame', () => {
  it.each(FRAMES)('%s: %s', (provider, url, src) => {
    const frame = embedFrame(url)
    expect(frame?.provider.id).toBe(provider)
    expect(frame?.src).toBe(src)
    expect(EMBED_FRAME_ORIGINS).toContain(new URL(src).origin)
  })

  it('covers every provider of the table, each with its frame origins in the CSP list', () => {
    expect(new Set(FRAMES.map(([id]) => id))).toEqual(new Set(EMBED_PROVIDERS.map((p) => p.id)))
    for (const provider of EMBED_PROVIDERS)
      for (const origin of provider.frameOrigins) expect(EMBED_FRAME_ORIGINS).toContain(origin)
  })

  it.each([
    ['a look-alike host', 'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://www.youtube.com.evil.test/watch?v=dQw4w9WgXcQ'],
    ['a subdomain of a look-alike', 'https://evil-youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a host ending in a provider', 'https://notx.com/nasa/status/1'],
    ['a credential trick', 'https://x.com@evil.test/nasa/status/1'],
    ['credentials', 'https://user:pw@x.com/nasa/status/1'],
    ['a non-web scheme', 'javascript://x.com/nasa/status/1'],
    ['a data: address', 'data:text/html,https://youtu.be/dQw4w9WgXcQ'],
    ['a Mastodon server not framed', 'https://mastodon.evil.test/@a/1'],
    [
      'a Bluesky post by handle (framed by DID only)',
      'https://bsky.app/profile/a.example/post/3kabcdefghijk',
    ],
    ['a page that is not a post', 'https://x.com/nasa'],
    ['a maps embed with a quote in its parameter', 'https://www.google.com/maps/embed?pb=a"onload'],
    ['an address with spaces', 'https://youtu.be/dQw4w9WgXcQ onerror'],
  ])('frames nothing for %s (%s)', (_why, url) => {
    expect(embedFrame(url)).toBeNull()
  })

  it('builds a frame from the parts it recognised, never from what else was pasted', () => {
    expect(embedFrame('https://www.youtube.com/watch?v=dQw4w9WgXcQ&autoplay=1&onload=x')?.src).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    )
  })
})

describe('providerOwning and embedAddress', () => {
  it('knows a Bluesky post by handle as Bluesky (its oEmbed gives the DID)', () => {
    expect(
      providerOwning(new URL('https://bsky.app/profile/a.example/post/3kabcdefghijk'))?.id,
    ).toBe('bluesky')
  })

  it('owns nothing for an unknown site', () => {
    expect(providerOwning(new URL('https://news.example/story'))).toBeNull()
  })

  it('takes http(s) addresses only, trimmed, without credentials or spaces', () => {
    expect(embedAddress('  https://news.example/a  ')?.href).toBe('https://news.example/a')
    expect(embedAddress('ftp://news.example/a')).toBeNull()
    expect(embedAddress('https://a:b@news.example/')).toBeNull()
    expect(embedAddress('news.example')).toBeNull()
    expect(embedAddress(`https://news.example/${'a'.repeat(2000)}`)).toBeNull()
  })
})
