import { escapeHtml, escapeHtmlAttribute } from './html'
import { embedAddress, embedFrame, type EmbedProviderId } from './embed-providers'

// The embed block as a body stores it (issue 40). One element whose data attributes are the
// block (provider, address, title, author, thumbnail from our media) and whose one child is a
// plain link to the address, so anything that reads a body without knowing blocks (search's
// text, an export, a feed reader, an old copy of this site) sees a link. The sanitiser rebuilds
// every embed from its attributes with `embedBlockHtml`, so a stored embed is exactly this.
//
// provider "link" is a link card: an address no provider's frame can show (an unknown site, a
// Mastodon server we do not frame), or a provider's page stored before its oEmbed answered.

export const LINK_CARD = 'link'

export interface EmbedBlock {
  provider: EmbedProviderId | typeof LINK_CARD
  url: string
  /** '' when unknown. */
  title: string
  author: string
  /** Our media's address of its picture, '' for none. */
  thumbnail: string
}

export const EMBED_TITLE_MAX = 300
export const EMBED_AUTHOR_MAX = 200

export const EMBED_ATTRIBUTE = {
  provider: 'data-embed',
  url: 'data-url',
  title: 'data-title',
  author: 'data-author',
  thumbnail: 'data-thumbnail',
} as const

const LINK_REL = 'noopener noreferrer nofollow'

/** One line of text, its spaces collapsed, at most `max` characters. */
function oneLine(text: string | null | undefined, max: number): string {
  return (text ?? '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim()
    .slice(0, max)
    .trim()
}

/**
 * The block for an address and what is known of it, or null when the address is not one a
 * block may hold. The provider is always decided here from the address (never taken from
 * what was sent), so a stored "youtube" on someone else's address is only a link card.
 * `isOwnMedia` says whether a thumbnail address is our media's (others are dropped).
 */
export function embedBlock(
  fields: { url: string; title?: string | null; author?: string | null; thumbnail?: string | null },
  isOwnMedia: (address: string) => boolean,
): EmbedBlock | null {
  const url = embedAddress(fields.url)
  if (!url) return null
  const frame = embedFrame(url.href)
  const thumbnail = (fields.thumbnail ?? '').trim()
  return {
    provider: frame ? frame.provider.id : LINK_CARD,
    url: url.href,
    title: oneLine(fields.title, EMBED_TITLE_MAX),
    author: oneLine(fields.author, EMBED_AUTHOR_MAX),
    thumbnail: thumbnail && isOwnMedia(thumbnail) ? thumbnail : '',
  }
}

/** The stored markup of a block (what the editor writes and the sanitiser keeps). */
export function embedBlockHtml(block: EmbedBlock): string {
  const attributes = (Object.keys(EMBED_ATTRIBUTE) as (keyof EmbedBlock)[])
    .filter((key) => block[key] !== '')
    .map((key) => ` ${EMBED_ATTRIBUTE[key]}="${escapeHtmlAttribute(block[key])}"`)
    .join('')
  const href = escapeHtmlAttribute(block.url)
  return `<figure${attributes}><a href="${href}" target="_blank" rel="${LINK_REL}">${escapeHtml(block.title || block.url)}</a></figure>`
}

/** "youtube.com" for a card's small print. */
export function embedHost(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return ''
  }
}
