// Share links for an article's end: plain URLs to each platform's own share page, built on
// the server from the site's social links. No platform script or iframe reaches the reader.

/** What is shared: the article's canonical address and its title. */
export interface SharedPage {
  url: string
  title: string
}

/** A social link as the settings store it (platform name free text, icon from a list). */
export interface SocialLinkInput {
  platform: string
  url: string
  icon: string
}

export interface ShareLink {
  /** The platform's key ("facebook", "x", …): one link per platform. */
  id: SharePlatform
  /** The platform's name as readers know it ("Facebook", "X"). */
  label: string
  href: string
}

type ShareUrl = (page: SharedPage) => string

const q = encodeURIComponent
const titleAndUrl = ({ url, title }: SharedPage) => q(`${title} ${url}`)

// Platforms with a public share URL. Instagram, YouTube, GitHub, TikTok and Mastodon (whose
// share page lives on each reader's own server) have none and are skipped.
const PLATFORMS = {
  facebook: {
    label: 'Facebook',
    href: ({ url }) => `https://www.facebook.com/sharer/sharer.php?u=${q(url)}`,
  },
  x: {
    label: 'X',
    href: ({ url, title }) => `https://x.com/intent/post?url=${q(url)}&text=${q(title)}`,
  },
  linkedin: {
    label: 'LinkedIn',
    href: ({ url }) => `https://www.linkedin.com/sharing/share-offsite/?url=${q(url)}`,
  },
  reddit: {
    label: 'Reddit',
    href: ({ url, title }) => `https://www.reddit.com/submit?url=${q(url)}&title=${q(title)}`,
  },
  whatsapp: {
    label: 'WhatsApp',
    href: (page) => `https://wa.me/?text=${titleAndUrl(page)}`,
  },
  bluesky: {
    label: 'Bluesky',
    href: (page) => `https://bsky.app/intent/compose?text=${titleAndUrl(page)}`,
  },
  threads: {
    label: 'Threads',
    href: (page) => `https://www.threads.net/intent/post?text=${titleAndUrl(page)}`,
  },
  telegram: {
    label: 'Telegram',
    href: ({ url, title }) => `https://t.me/share/url?url=${q(url)}&text=${q(title)}`,
  },
  pinterest: {
    label: 'Pinterest',
    href: ({ url, title }) =>
      `https://www.pinterest.com/pin/create/button/?url=${q(url)}&description=${q(title)}`,
  },
  tumblr: {
    label: 'Tumblr',
    href: ({ url, title }) =>
      `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${q(url)}&title=${q(title)}`,
  },
} satisfies Record<string, { label: string; href: ShareUrl }>

export type SharePlatform = keyof typeof PLATFORMS

// Names an editor might type for a platform, compared without case, spaces or punctuation.
const NAMES: Record<string, SharePlatform> = {
  facebook: 'facebook',
  fb: 'facebook',
  x: 'x',
  twitter: 'x',
  xtwitter: 'x',
  twitterx: 'x',
  linkedin: 'linkedin',
  reddit: 'reddit',
  whatsapp: 'whatsapp',
  bluesky: 'bluesky',
  bsky: 'bluesky',
  threads: 'threads',
  telegram: 'telegram',
  pinterest: 'pinterest',
  tumblr: 'tumblr',
}

// The profile's address names the platform when its name does not ("X (formerly Twitter)").
const HOSTS: Record<string, SharePlatform> = {
  'facebook.com': 'facebook',
  'fb.com': 'facebook',
  'x.com': 'x',
  'twitter.com': 'x',
  'linkedin.com': 'linkedin',
  'reddit.com': 'reddit',
  'whatsapp.com': 'whatsapp',
  'wa.me': 'whatsapp',
  'bsky.app': 'bluesky',
  'threads.net': 'threads',
  'threads.com': 'threads',
  't.me': 'telegram',
  'telegram.me': 'telegram',
  'pinterest.com': 'pinterest',
  'tumblr.com': 'tumblr',
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^(www|m|mobile)\./, '')
  } catch {
    return null
  }
}

/** The share platform a social link stands for, or null when it has no share URL. */
export function sharePlatformOf(link: SocialLinkInput): SharePlatform | null {
  const name = link.platform.toLowerCase().replace(/[^a-z0-9]/g, '')
  const host = hostOf(link.url)
  const byHost = host ? HOSTS[host] : undefined
  // The icon is a fixed list (facebook, twitter, linkedin among them): the last resort.
  return NAMES[name] ?? byHost ?? NAMES[link.icon.toLowerCase()] ?? null
}

/**
 * One share link per platform among the site's social links that has a share URL, in the
 * order of the links; platforms without one are left out.
 */
export function shareLinksFor(links: SocialLinkInput[], page: SharedPage): ShareLink[] {
  const seen = new Set<SharePlatform>()
  const result: ShareLink[] = []
  for (const link of links) {
    const id = sharePlatformOf(link)
    if (!id || seen.has(id)) continue
    seen.add(id)
    result.push({ id, label: PLATFORMS[id].label, href: PLATFORMS[id].href(page) })
  }
  return result
}

/** A mail to anyone: the title as the subject, the address in the body. */
export function emailShareHref({ url, title }: SharedPage): string {
  return `mailto:?subject=${q(title)}&body=${q(url)}`
}
