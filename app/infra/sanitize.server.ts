import sanitizeHtml from 'sanitize-html'
import { isAllowedLinkHref, LINK_SCHEMES } from '~/lib/link-schemes'

// Article and page bodies come from the TipTap editor (StarterKit + Link + Image), but the
// server never trusts that: any client can post any HTML. Every save goes through here, so
// the allow-list is exactly what the editor produces and nothing more.

// Images load without a click, so only web URLs: no data: (arbitrary payloads that skip the
// upload checks and bloat the stored body) and no ftp.
const IMAGE_SCHEMES = ['http', 'https']

// docs/product.md §3: links open in a new tab with noopener, noreferrer, nofollow.
const LINK_REL = 'noopener noreferrer nofollow'

// Attribute values the browser would not understand are dropped, rather than kept empty as
// sanitize-html's own value lists do.
const VALID_VALUES: Record<string, Record<string, RegExp>> = {
  img: { loading: /^(?:lazy|eager)$/, width: /^\d+$/, height: /^\d+$/ },
  ol: { start: /^-?\d+$/, type: /^[1aAiI]$/ },
}

function keepValidValues(tagName: string, attribs: sanitizeHtml.Attributes) {
  const kept = { ...attribs }
  for (const [name, valid] of Object.entries(VALID_VALUES[tagName] ?? {})) {
    if (name in kept && !valid.test(kept[name])) delete kept[name]
  }
  return { tagName, attribs: kept }
}

/**
 * Allowed as the editor allows it, and also once every kind of white space and invisible
 * format character is taken out: "javascript\u2028:" is no scheme to a browser today, but a
 * stored body should hold nothing that any URL reader could take for one.
 */
function isSafeHref(href: string) {
  return isAllowedLinkHref(href) && isAllowedLinkHref(href.replace(/[\s\p{Cc}\p{Cf}]+/gu, ''))
}

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    // TipTap writes `type` for lettered or roman lists pasted from elsewhere.
    ol: ['start', 'type'],
  },
  // No class attributes except the code block's language (docs/product.md §3 "Code block language"),
  // which TipTap writes as <code class="language-js">.
  allowedClasses: { code: ['language-*'] },
  // The link schemes of docs/product.md §5 (lib/link-schemes.ts, shared with the editor).
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  // An image whose src was refused would render as a broken box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      if (attribs.href === undefined || !isSafeHref(attribs.href)) {
        // A refused href would be dropped after this transform; drop it here instead so the
        // anchor does not keep a target and rel with nothing to open.
        const { href: _href, target: _target, rel: _rel, ...rest } = attribs
        return { tagName, attribs: rest }
      }
      // Spread rather than rebuild, so attributes keep their order and TipTap output
      // round-trips unchanged.
      return { tagName, attribs: { ...attribs, target: '_blank', rel: LINK_REL } }
    },
    img: keepValidValues,
    ol: keepValidValues,
  },
}

/** Article body HTML reduced to what the editor can produce, with safe links and images. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_OPTIONS)
}

/** Static pages use the same editor, so the same rules. */
export const sanitizePageHtml = sanitizeArticleHtml

// Tags after which plain text needs a break so words of neighbouring blocks stay apart.
const BLOCK_TAGS = [
  'p',
  'div',
  'br',
  'hr',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'figure',
  'figcaption',
  'table',
  'tr',
  'td',
  'th',
  'section',
  'article',
]

const ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' }

/**
 * Readable text of an HTML fragment, for search indexing and excerpts: one line per block,
 * spaces collapsed, entities decoded. Not HTML: escape it again before putting it in markup.
 */
export function htmlToPlainText(html: string): string {
  // sanitize-html parses like a browser and drops script/style contents; keeping only bare
  // block tags leaves well-formed markup in which every tag is a break, and text in which
  // the only entities are the four it escapes.
  const blocks = sanitizeHtml(html, { allowedTags: BLOCK_TAGS, allowedAttributes: {} })
  return (
    blocks
      // Line breaks in the source are just spaces; only block tags start a new line.
      .replace(/\s+/g, ' ')
      .replace(/<[^>]*>/g, '\n')
      .replace(/&(?:amp|lt|gt|quot);/g, (entity) => ESCAPES[entity])
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n')
  )
}
