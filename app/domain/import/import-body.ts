import { toEmbedUrl } from '~/lib/video-embed'

// An imported body made into what our editor writes (TipTap: paragraphs, headings, lists,
// links, images, figures with captions), before the sanitiser has the last word. Pure: the
// writer resolves images and sanitises. docs/decisions/0040-import-from-wordpress-and-ghost.md says why each
// shortcode becomes what it does.

export interface BodyFacts {
  html: string
  /** The first YouTube or Vimeo address met: the article's video (its video field). */
  videoUrl: string | null
  /** Shortcodes kept as text because we have nothing that means the same. */
  unknownShortcodes: string[]
  /** Every image address in the body, after shortcodes were expanded. */
  images: string[]
}

export interface BodyContext {
  /** WordPress attachment id → its file's URL (for [gallery ids=…]). */
  attachmentUrl(id: string): string | null
  /** The attachments of this item, for a [gallery] without ids. */
  childAttachments(): string[]
  /** The old site's address, for Ghost's __GHOST_URL__ placeholder. */
  siteUrl: string
}

const VIDEO_HOSTS = /(?:^|\.)(?:youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com)$/i

/** A YouTube or Vimeo address (what our video field plays), else null. */
export function videoAddress(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  if (!VIDEO_HOSTS.test(parsed.hostname)) return null
  const embed = toEmbedUrl(parsed.href)
  return embed && embed.kind === 'iframe' && embed.src !== parsed.href ? parsed.href : null
}

function escapeHtml(text: string) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s\\]]+))`, 'i').exec(
    attributes,
  )
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null
}

/** What the editor makes of a video link: a paragraph with the link (the video field plays it). */
function videoLink(url: string) {
  const safe = escapeHtml(url)
  return `<p><a href="${safe}">${safe}</a></p>`
}

const BLOCK_START =
  /^<(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|figure|table|hr|dl|address|section|img|iframe)\b/i

/** WordPress's classic editor stores paragraphs as blank lines (its `wpautop` adds the <p>s). */
export function paragraphs(html: string): string {
  if (/<p[\s>]/i.test(html)) return html
  return html
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '')
    .map((chunk) => (BLOCK_START.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>')}</p>`))
    .join('\n')
}

function captionFigure(attributes: string, inner: string) {
  const image = /<img\b[^>]*>/i.exec(inner)?.[0] ?? ''
  const captionAttribute = attribute(attributes, 'caption')
  // The caption is the attribute (older exports) or what follows the image inside the shortcode.
  const caption =
    captionAttribute !== null
      ? escapeHtml(captionAttribute)
      : inner
          .replace(/<a\b[^>]*>\s*<img\b[^>]*>\s*<\/a>/i, '')
          .replace(/<img\b[^>]*>/i, '')
          .trim()
  return `<figure>${image}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`
}

const SHORTCODE = /\[(\/?)([a-z][a-z0-9_-]*)([^\]\n]*)\]/gi

/** An imported body in our editor's terms, with what could not be carried across. */
export function convertBody(
  source: 'wordpress' | 'ghost',
  raw: string,
  context: BodyContext,
): BodyFacts {
  let html = raw
  let videoUrl: string | null = null
  const unknown = new Set<string>()
  const noteVideo = (url: string) => {
    videoUrl ??= url
    return videoLink(url)
  }

  // Block-editor delimiters (<!-- wp:… -->) and every other comment.
  html = html.replace(/<!--[\s\S]*?-->/g, '')
  if (source === 'ghost') html = html.split('__GHOST_URL__').join(context.siteUrl)

  if (source === 'wordpress') {
    html = html.replace(
      /\[caption([^\]]*)\]([\s\S]*?)\[\/caption\]/gi,
      (_m, attributes: string, inner: string) => captionFigure(attributes, inner),
    )
    html = html.replace(/\[gallery([^\]]*)\]/gi, (_m, attributes: string) => {
      const ids = attribute(attributes, 'ids')
      const urls = ids
        ? ids
            .split(',')
            .map((id) => context.attachmentUrl(id.trim()))
            .filter((u): u is string => !!u)
        : context.childAttachments()
      return urls.map((url) => `<img src="${escapeHtml(url)}" alt="">`).join('\n')
    })
    html = html.replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (whole, url: string) =>
      videoAddress(url) ? noteVideo(url.trim()) : whole,
    )
    html = html.replace(/\[(?:youtube|vimeo)\s+([^\]\s]+)[^\]]*\]/gi, (whole, url: string) =>
      videoAddress(url) ? noteVideo(url.trim()) : whole,
    )
    // A video address alone on its line is an embed in WordPress (oEmbed).
    html = html.replace(/^[ \t]*(https?:\/\/[^\s<]+)[ \t]*$/gim, (whole, url: string) =>
      videoAddress(url) ? noteVideo(url) : whole,
    )
  }
  // Embed blocks and cards (WordPress's wp-block-embed, Ghost's kg-embed-card) and bare iframes.
  html = html.replace(
    /<figure\b[^>]*(?:wp-block-embed|kg-embed-card)[^>]*>([\s\S]*?)<\/figure>/gi,
    (whole, inner: string) => {
      const url =
        /<iframe\b[^>]*\bsrc="([^"]+)"/i.exec(inner)?.[1] ??
        /(https?:\/\/[^\s<"]+)/.exec(inner.replace(/<[^>]+>/g, ' '))?.[1]
      return url && videoAddress(url) ? noteVideo(url) : whole
    },
  )
  html = html.replace(
    /<iframe\b[^>]*\bsrc="([^"]+)"[^>]*>(?:[\s\S]*?<\/iframe>)?/gi,
    (whole, url: string) => (videoAddress(url) ? noteVideo(url) : whole),
  )

  for (const match of html.matchAll(SHORTCODE)) {
    if (match[1] === '') unknown.add(match[2].toLowerCase())
  }
  if (source === 'wordpress') html = paragraphs(html)
  const images = [...html.matchAll(/<img\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1])
  return { html, videoUrl, unknownShortcodes: [...unknown].sort(), images }
}

export interface ImageText {
  /** The `alt` attribute, entities as written (the writer makes it plain text). */
  alt: string
  /** The figure's caption as HTML, or empty. */
  caption: string
}

/**
 * The alt text and caption each image address carries in a body (the first mention wins):
 * what the media library keeps with the stored copy, as an editor would type them there.
 */
export function imageTexts(html: string): Map<string, ImageText> {
  const texts = new Map<string, ImageText>()
  const note = (tag: string, caption: string) => {
    const src = /\bsrc\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1]
    if (!src || texts.has(src)) return
    const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag)
    texts.set(src, { alt: alt ? (alt[1] ?? alt[2] ?? '') : '', caption })
  }
  for (const figure of html.matchAll(/<figure\b[^>]*>([\s\S]*?)<\/figure>/gi)) {
    const caption = /<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/i.exec(figure[1])?.[1] ?? ''
    const images = figure[1].match(/<img\b[^>]*>/gi) ?? []
    // A gallery figure's caption is not each picture's.
    for (const tag of images) note(tag, images.length === 1 ? caption.trim() : '')
  }
  for (const tag of html.match(/<img\b[^>]*>/gi) ?? []) note(tag, '')
  return texts
}
