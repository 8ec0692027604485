import { vimeoSrc, youTubeId } from './video-embed'

// The one table of the sites a story may embed (issue 40): which addresses each owns, where its
// oEmbed answers (only where it does without a key), the frame a reader loads once they choose
// to, and the origins that frame comes from (the CSP's frame-src lists exactly these). Hosts
// are matched exactly, never by suffix, so "youtube.com.evil.test" is nobody's. A frame address
// is built from the parts a pattern recognised, never copied from what was pasted.

export const EMBED_PROVIDER_IDS = [
  'youtube',
  'vimeo',
  'x',
  'instagram',
  'tiktok',
  'bluesky',
  'mastodon',
  'facebook',
  'spotify',
  'soundcloud',
  'googlemaps',
  'datawrapper',
  'flourish',
  'documentcloud',
] as const

export type EmbedProviderId = (typeof EMBED_PROVIDER_IDS)[number]

/** How tall a frame is: a ratio of its width (video, maps) or a fixed height in CSS pixels. */
export type FrameShape = { aspect: string } | { height: number }

export interface EmbedProvider {
  id: EmbedProviderId
  /** As readers see it: "Always load from {name}". */
  name: string
  /** Whether the address is one of this provider's pages (its oEmbed may then be asked). */
  owns(url: URL): boolean
  /** The frame's address for one of its pages, or null when it cannot be framed as given. */
  frame(url: URL): string | null
  /** The oEmbed endpoint (JSON) for one of its pages, where one answers without a key. */
  oembed?: (url: URL) => string
  /**
   * Bluesky's frame needs the author's DID, which its oEmbed answer gives: the address the
   * block stores instead of the one pasted (null: keep the pasted one).
   */
  canonical?: (url: URL, oembedHtml: string) => string | null
  frameOrigins: readonly string[]
  shape: FrameShape
}

const hostIn =
  (...hosts: string[]) =>
  (url: URL) =>
    hosts.includes(url.hostname)

const enc = encodeURIComponent

const X_HOSTS = hostIn('twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'x.com', 'www.x.com')
const X_STATUS = /^\/[A-Za-z0-9_]{1,15}\/status(?:es)?\/(\d{1,25})\/?$/

const INSTAGRAM_HOSTS = hostIn('instagram.com', 'www.instagram.com')
const INSTAGRAM_POST = /^\/(?:[A-Za-z0-9_.]{1,30}\/)?(p|reel|tv)\/([A-Za-z0-9_-]{5,40})\/?$/

const TIKTOK_HOSTS = hostIn('tiktok.com', 'www.tiktok.com', 'm.tiktok.com')
const TIKTOK_VIDEO = /^\/@[\w.-]{1,40}\/video\/(\d{1,25})\/?$/

const BLUESKY_POST = /^\/profile\/([A-Za-z0-9.:_-]{1,253})\/post\/([A-Za-z0-9]{1,64})\/?$/
const DID = /^did:(?:plc:[a-z2-7]{24}|web:[a-z0-9.-]{1,253})$/
const AT_URI =
  /at:\/\/(did:(?:plc:[a-z2-7]{24}|web:[a-z0-9.-]{1,253}))\/app\.bsky\.feed\.post\/([A-Za-z0-9]{1,64})/

/**
 * Mastodon is many servers; a frame needs its origin in the CSP, so these (the largest, and
 * those newsrooms use) are framed and a post elsewhere becomes a link card.
 */
export const MASTODON_HOSTS = [
  'mastodon.social',
  'mastodon.online',
  'mastodon.world',
  'mstdn.social',
  'mas.to',
  'hachyderm.io',
  'fosstodon.org',
  'infosec.exchange',
  'journa.host',
  'newsie.social',
] as const
const MASTODON_STATUS = /^\/@([A-Za-z0-9_]{1,30})\/(\d{1,25})\/?$/

const FACEBOOK_HOSTS = hostIn('facebook.com', 'www.facebook.com', 'm.facebook.com')
const FACEBOOK_VIDEO = /^\/(?:[\w.-]{1,80}\/videos\/(?:[\w.-]{1,80}\/)?\d{1,25}|watch)\/?$/
const FACEBOOK_POST =
  /^\/(?:[\w.-]{1,80}\/(?:posts|photos(?:\/[\w.-]{1,80})?)\/[\w.-]{1,80}|permalink\.php|photo\.php|story\.php)\/?$/

const SPOTIFY_ITEM =
  /^\/(?:intl-[a-z-]{2,8}\/)?(track|album|playlist|episode|show|artist)\/([A-Za-z0-9]{22})\/?$/

const SOUNDCLOUD_HOSTS = hostIn('soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com')
const SOUNDCLOUD_ITEM = /^\/[\w-]{1,80}\/(?:sets\/)?[\w-]{1,120}\/?$/

const MAPS_HOSTS = hostIn('google.com', 'www.google.com', 'maps.google.com')
const MAPS_PLACE = /^\/maps\/place\/([^/]{1,200})/
const MAPS_AT = /\/@(-?\d{1,3}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?),(\d{1,2}(?:\.\d+)?)z/

const DATAWRAPPER_CHART = /^\/([A-Za-z0-9]{5})(?:\/(\d{1,4}))?\/?$/
const DATAWRAPPER_SHARE = /^\/_\/([A-Za-z0-9]{5})\/?$/

const FLOURISH_HOSTS = hostIn('public.flourish.studio', 'flo.uri.sh')
const FLOURISH_ITEM = /^\/(visualisation|story)\/(\d{1,12})\/?(?:embed\/?)?$/

const DOCUMENTCLOUD_HOSTS = hostIn(
  'documentcloud.org',
  'www.documentcloud.org',
  'embed.documentcloud.org',
)
const DOCUMENTCLOUD_DOCUMENT = /^\/documents\/(\d{1,12})(-[A-Za-z0-9-]{0,200})?(?:\.html)?\/?$/

function mapsFrame(url: URL): string | null {
  if (url.pathname === '/maps/embed') {
    const pb = url.searchParams.get('pb')
    return pb && /^[\w!.:%*+-]{1,4000}$/.test(pb)
      ? `https://www.google.com/maps/embed?pb=${pb}`
      : null
  }
  const at = MAPS_AT.exec(url.pathname)
  const place = MAPS_PLACE.exec(url.pathname)
  let query: string | null = null
  try {
    query = place ? decodeURIComponent(place[1].replace(/\+/g, ' ')) : null
  } catch {
    query = null
  }
  query ??= at ? `${at[1]},${at[2]}` : url.pathname === '/maps' ? url.searchParams.get('q') : null
  if (!query) return null
  const zoom = at ? `&z=${Math.round(Number(at[3]))}` : ''
  return `https://maps.google.com/maps?q=${enc(query)}${zoom}&output=embed`
}

function facebookFrame(url: URL): string | null {
  const video = FACEBOOK_VIDEO.test(url.pathname)
  if (
    url.pathname.replace(/\/$/, '') === '/watch' &&
    !/^\d{1,25}$/.test(url.searchParams.get('v') ?? '')
  )
    return null
  if (!video && !FACEBOOK_POST.test(url.pathname)) return null
  // The page's own address is the plugin's parameter: rebuilt on Facebook's host from the
  // path and the few query keys that name a post, so nothing else pasted goes along.
  const page = new URL(url.pathname, 'https://www.facebook.com')
  for (const key of ['v', 'story_fbid', 'fbid', 'id']) {
    const value = url.searchParams.get(key)
    if (value && /^[\w.-]{1,80}$/.test(value)) page.searchParams.set(key, value)
  }
  return `https://www.facebook.com/plugins/${video ? 'video' : 'post'}.php?href=${enc(page.href)}`
}

export const EMBED_PROVIDERS: readonly EmbedProvider[] = [
  {
    id: 'youtube',
    name: 'YouTube',
    owns: (url) => youTubeId(url) !== null,
    // The no-cookie host sets no tracking cookies until the reader presses play.
    frame: (url) => {
      const id = youTubeId(url)
      return id ? `https://www.youtube-nocookie.com/embed/${id}` : null
    },
    oembed: () => 'https://www.youtube.com/oembed',
    frameOrigins: ['https://www.youtube-nocookie.com'],
    shape: { aspect: '16 / 9' },
  },
  {
    id: 'vimeo',
    name: 'Vimeo',
    owns: (url) => vimeoSrc(url) !== null,
    frame: (url) => vimeoSrc(url),
    oembed: () => 'https://vimeo.com/api/oembed.json',
    frameOrigins: ['https://player.vimeo.com'],
    shape: { aspect: '16 / 9' },
  },
  {
    id: 'x',
    name: 'X',
    owns: (url) => X_HOSTS(url) && X_STATUS.test(url.pathname),
    frame: (url) => {
      const id = X_HOSTS(url) ? X_STATUS.exec(url.pathname)?.[1] : undefined
      return id ? `https://platform.twitter.com/embed/Tweet.html?id=${id}&dnt=true` : null
    },
    oembed: () => 'https://publish.twitter.com/oembed',
    frameOrigins: ['https://platform.twitter.com'],
    shape: { height: 560 },
  },
  {
    id: 'instagram',
    name: 'Instagram',
    owns: (url) => INSTAGRAM_HOSTS(url) && INSTAGRAM_POST.test(url.pathname),
    frame: (url) => {
      const match = INSTAGRAM_HOSTS(url) ? INSTAGRAM_POST.exec(url.pathname) : null
      return match ? `https://www.instagram.com/${match[1]}/${match[2]}/embed/` : null
    },
    // Instagram's oEmbed needs a Facebook app token: the card is drawn from the address.
    frameOrigins: ['https://www.instagram.com'],
    shape: { height: 720 },
  },
  {
    id: 'tiktok',
    name: 'TikTok',
    owns: (url) => TIKTOK_HOSTS(url) && TIKTOK_VIDEO.test(url.pathname),
    frame: (url) => {
      const id = TIKTOK_HOSTS(url) ? TIKTOK_VIDEO.exec(url.pathname)?.[1] : undefined
      return id ? `https://www.tiktok.com/embed/v2/${id}` : null
    },
    oembed: () => 'https://www.tiktok.com/oembed',
    frameOrigins: ['https://www.tiktok.com'],
    shape: { height: 740 },
  },
  {
    id: 'bluesky',
    name: 'Bluesky',
    owns: (url) => url.hostname === 'bsky.app' && BLUESKY_POST.test(url.pathname),
    frame: (url) => {
      const match = url.hostname === 'bsky.app' ? BLUESKY_POST.exec(url.pathname) : null
      if (!match || !DID.test(match[1])) return null
      return `https://embed.bsky.app/embed/${match[1]}/app.bsky.feed.post/${match[2]}`
    },
    oembed: () => 'https://embed.bsky.app/oembed',
    canonical: (_url, html) => {
      const match = AT_URI.exec(html)
      return match ? `https://bsky.app/profile/${match[1]}/post/${match[2]}` : null
    },
    frameOrigins: ['https://embed.bsky.app'],
    shape: { height: 600 },
  },
  {
    id: 'mastodon',
    name: 'Mastodon',
    owns: (url) =>
      (MASTODON_HOSTS as readonly string[]).includes(url.hostname) &&
      MASTODON_STATUS.test(url.pathname),
    frame: (url) => {
      if (!(MASTODON_HOSTS as readonly string[]).includes(url.hostname)) return null
      const match = MASTODON_STATUS.exec(url.pathname)
      return match ? `https://${url.hostname}/@${match[1]}/${match[2]}/embed` : null
    },
    oembed: (url) => `https://${url.hostname}/api/oembed`,
    frameOrigins: MASTODON_HOSTS.map((host) => `https://${host}`),
    shape: { height: 520 },
  },
  {
    id: 'facebook',
    name: 'Facebook',
    owns: (url) => FACEBOOK_HOSTS(url) && facebookFrame(url) !== null,
    frame: (url) => (FACEBOOK_HOSTS(url) ? facebookFrame(url) : null),
    // Facebook's oEmbed needs an app token: the card is drawn from the address.
    frameOrigins: ['https://www.facebook.com'],
    shape: { height: 600 },
  },
  {
    id: 'spotify',
    name: 'Spotify',
    owns: (url) => url.hostname === 'open.spotify.com' && SPOTIFY_ITEM.test(url.pathname),
    frame: (url) => {
      const match = url.hostname === 'open.spotify.com' ? SPOTIFY_ITEM.exec(url.pathname) : null
      return match ? `https://open.spotify.com/embed/${match[1]}/${match[2]}` : null
    },
    oembed: () => 'https://open.spotify.com/oembed',
    frameOrigins: ['https://open.spotify.com'],
    shape: { height: 352 },
  },
  {
    id: 'soundcloud',
    name: 'SoundCloud',
    owns: (url) => SOUNDCLOUD_HOSTS(url) && SOUNDCLOUD_ITEM.test(url.pathname),
    frame: (url) => {
      if (!SOUNDCLOUD_HOSTS(url) || !SOUNDCLOUD_ITEM.test(url.pathname)) return null
      const track = `https://soundcloud.com${url.pathname.replace(/\/$/, '')}`
      return `https://w.soundcloud.com/player/?url=${enc(track)}&visual=true`
    },
    oembed: () => 'https://soundcloud.com/oembed',
    frameOrigins: ['https://w.soundcloud.com'],
    shape: { height: 400 },
  },
  {
    id: 'googlemaps',
    name: 'Google Maps',
    owns: (url) => MAPS_HOSTS(url) && mapsFrame(url) !== null,
    frame: (url) => (MAPS_HOSTS(url) ? mapsFrame(url) : null),
    // The keyless embed answers from maps.google.com and may move to www.google.com.
    frameOrigins: ['https://maps.google.com', 'https://www.google.com'],
    shape: { aspect: '4 / 3' },
  },
  {
    id: 'datawrapper',
    name: 'Datawrapper',
    owns: (url) => datawrapperFrame(url) !== null,
    frame: (url) => datawrapperFrame(url),
    oembed: () => 'https://api.datawrapper.de/v3/oembed',
    frameOrigins: ['https://datawrapper.dwcdn.net'],
    shape: { height: 500 },
  },
  {
    id: 'flourish',
    name: 'Flourish',
    owns: (url) => FLOURISH_HOSTS(url) && FLOURISH_ITEM.test(url.pathname),
    frame: (url) => {
      const match = FLOURISH_HOSTS(url) ? FLOURISH_ITEM.exec(url.pathname) : null
      return match ? `https://flo.uri.sh/${match[1]}/${match[2]}/embed` : null
    },
    oembed: () => 'https://app.flourish.studio/api/v1/oembed',
    frameOrigins: ['https://flo.uri.sh'],
    shape: { height: 600 },
  },
  {
    id: 'documentcloud',
    name: 'DocumentCloud',
    owns: (url) => DOCUMENTCLOUD_HOSTS(url) && DOCUMENTCLOUD_DOCUMENT.test(url.pathname),
    frame: (url) => {
      const match = DOCUMENTCLOUD_HOSTS(url) ? DOCUMENTCLOUD_DOCUMENT.exec(url.pathname) : null
      return match
        ? `https://embed.documentcloud.org/documents/${match[1]}${match[2] ?? ''}/?embed=1&responsive=1`
        : null
    },
    oembed: () => 'https://api.www.documentcloud.org/api/oembed/',
    frameOrigins: ['https://embed.documentcloud.org'],
    shape: { height: 700 },
  },
]

function datawrapperFrame(url: URL): string | null {
  if (url.hostname === 'datawrapper.dwcdn.net') {
    const match = DATAWRAPPER_CHART.exec(url.pathname)
    return match
      ? `https://datawrapper.dwcdn.net/${match[1]}/${match[2] ? `${match[2]}/` : ''}`
      : null
  }
  if (url.hostname === 'www.datawrapper.de' || url.hostname === 'datawrapper.de') {
    const match = DATAWRAPPER_SHARE.exec(url.pathname)
    return match ? `https://datawrapper.dwcdn.net/${match[1]}/` : null
  }
  return null
}

/** Every origin a provider's frame loads from: the CSP's frame-src. */
export const EMBED_FRAME_ORIGINS: readonly string[] = [
  ...new Set(EMBED_PROVIDERS.flatMap((provider) => provider.frameOrigins)),
]

const BY_ID = new Map(EMBED_PROVIDERS.map((provider) => [provider.id, provider]))

export function embedProvider(id: string): EmbedProvider | null {
  return BY_ID.get(id as EmbedProviderId) ?? null
}

/** The longest address a block keeps. */
export const EMBED_URL_MAX = 2000

/** A pasted or stored address as a URL, when it is one a block may hold: http(s), no password. */
export function embedAddress(text: string): URL | null {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed.length > EMBED_URL_MAX || /\s/.test(trimmed)) return null
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password) return null
  return url
}

/** The provider whose page an address is (its oEmbed may be asked), else null. */
export function providerOwning(url: URL): EmbedProvider | null {
  return EMBED_PROVIDERS.find((provider) => provider.owns(url)) ?? null
}

/** The frame a reader may load for an address, and whose it is; null for a plain link card. */
export function embedFrame(text: string): { provider: EmbedProvider; src: string } | null {
  const url = embedAddress(text)
  if (!url) return null
  for (const provider of EMBED_PROVIDERS) {
    const src = provider.frame(url)
    if (src) return { provider, src }
  }
  return null
}
