// docs/product.md §5: a video URL is converted to an embeddable address; video sites with an 11-character
// id and Vimeo numeric ids are recognised, other URLs are used as they are. We add two rules:
// direct video files play in <video> (an iframe would download them), and anything that is
// not http(s) is refused, since the result ends up in a src attribute.

export type VideoEmbed = { kind: 'iframe'; src: string } | { kind: 'video'; src: string }

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
])
// The path forms YouTube uses for one video: /embed/ID, /shorts/ID, /live/ID, /v/ID.
const YOUTUBE_PATH = /^\/(?:embed|shorts|live|v)\/([^/]+)\/?$/

const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com'])
const VIMEO_PATHS = [
  // /123456, or /123456/abcdef0123 for an unlisted video, whose hash the player needs.
  /^\/(\d+)(?:\/([0-9a-f]+))?\/?$/,
  /^\/channels\/[^/]+\/(\d+)\/?$/,
  /^\/groups\/[^/]+\/videos\/(\d+)\/?$/,
  /^\/(?:album|showcase)\/\d+\/video\/(\d+)\/?$/,
]
const VIMEO_PLAYER_PATH = /^\/video\/(\d+)\/?$/

const VIDEO_FILE = /\.(?:mp4|webm|ogg|ogv|mov|m4v)$/i

/** The id of a YouTube video address (watch, youtu.be, embed, shorts, live), else null. */
export function youTubeId(url: URL): string | null {
  let candidate: string | null | undefined
  if (url.hostname === 'youtu.be') {
    candidate = url.pathname.slice(1).replace(/\/$/, '')
  } else if (YOUTUBE_HOSTS.has(url.hostname)) {
    candidate =
      url.pathname === '/watch' ? url.searchParams.get('v') : YOUTUBE_PATH.exec(url.pathname)?.[1]
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null
}

/** Vimeo's player address for a video address (with an unlisted video's hash), else null. */
export function vimeoSrc(url: URL): string | null {
  let id: string | undefined
  let hash: string | null | undefined
  if (url.hostname === 'player.vimeo.com') {
    id = VIMEO_PLAYER_PATH.exec(url.pathname)?.[1]
    hash = url.searchParams.get('h')
  } else if (VIMEO_HOSTS.has(url.hostname)) {
    for (const pattern of VIMEO_PATHS) {
      const match = pattern.exec(url.pathname)
      if (match) {
        id = match[1]
        hash = match[2]
        break
      }
    }
  }
  if (!id) return null
  const src = `https://player.vimeo.com/video/${id}`
  return hash && /^[0-9a-f]+$/.test(hash) ? `${src}?h=${hash}` : src
}

/** How to embed a video URL, or null when it is not a usable http(s) URL. */
export function toEmbedUrl(url: string | null | undefined): VideoEmbed | null {
  if (!url) return null
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null

  const youTube = youTubeId(parsed)
  // The no-cookie host sets no tracking cookies until the reader presses play.
  if (youTube) return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${youTube}` }

  const vimeo = vimeoSrc(parsed)
  if (vimeo) return { kind: 'iframe', src: vimeo }

  if (VIDEO_FILE.test(parsed.pathname)) return { kind: 'video', src: parsed.href }

  // "Used as it is", in the form the URL parser normalised it to.
  return { kind: 'iframe', src: parsed.href }
}
