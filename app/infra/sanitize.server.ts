import sanitizeHtml from 'sanitize-html'
import {
  BODY_BLOCKS,
  blockNamesFor,
  RELATED_ARTICLE_ID,
  RELATED_ARTICLE_TITLE,
} from '~/lib/body-blocks'
import { EMBED_ATTRIBUTE, embedBlockHtml } from '~/lib/embed-block'
import { embedPlaceholderHtml } from '~/lib/embed-placeholder'
import { isAllowedLinkHref, LINK_SCHEMES } from '~/lib/link-schemes'
import { GALLERY_ATTRIBUTE } from '~/lib/gallery'
import { scrollableTables } from '~/lib/scrollable-tables'
import { rewriteEmbeds } from './embed-html.server'

// Article and page bodies come from the TipTap editor (StarterKit + Link + Image), but the
// server never trusts that: any client can post any HTML. Every save goes through here, so
// the allow-list is exactly what the editor produces and nothing more.

// Images load without a click, so only web URLs: no data: (arbitrary payloads that skip the
// upload checks and bloat the stored body) and no ftp.
const IMAGE_SCHEMES = ['http', 'https']

// docs/product.md §3: links open in a new tab with noopener, noreferrer, nofollow.
const LINK_REL = 'noopener noreferrer nofollow'

/** The attributes of a body image inserted from the media library (the editor writes them). */
export const MEDIA_ID = 'data-media-id'
export const ALT_OVERRIDE = 'data-alt'
export const CAPTION_OVERRIDE = 'data-caption'

const CELL_SPAN = /^[1-9]\d?$/

// Attribute values the browser would not understand are dropped, rather than kept empty as
// sanitize-html's own value lists do.
const VALID_VALUES: Record<string, Record<string, RegExp>> = {
  img: {
    loading: /^(?:lazy|eager)$/,
    width: /^\d+$/,
    height: /^\d+$/,
    // A library image: its stored name (the rule of media/own-media.server.ts), and the alt
    // text and caption of this one use, within the library's own limits (media-schema.ts).
    [MEDIA_ID]: /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/,
    [ALT_OVERRIDE]: /^(?=[\s\S]*\S)[\s\S]{1,250}$/,
    [CAPTION_OVERRIDE]: /^(?=[\s\S]*\S)[\s\S]{1,500}$/,
  },
  ol: { start: /^-?\d+$/, type: /^[1aAiI]$/ },
  // A table cell spans at most 99 rows or columns (table-extension.ts `spanOf`): more is a
  // layout bomb, not a table.
  th: { colspan: CELL_SPAN, rowspan: CELL_SPAN },
  td: { colspan: CELL_SPAN, rowspan: CELL_SPAN },
  // A gallery's outer figure (lib/gallery.ts) is marked, with no value.
  figure: { [GALLERY_ATTRIBUTE]: /^$/ },
  aside: {
    // An article id (a serial), and the title the editor shows for it (articles' own limit).
    [RELATED_ARTICLE_ID]: /^[1-9]\d{0,9}$/,
    [RELATED_ARTICLE_TITLE]: /^(?=[\s\S]*\S)[\s\S]{1,300}$/,
  },
}

function keepValidValues(tagName: string, attribs: sanitizeHtml.Attributes) {
  const kept = { ...attribs }
  for (const [name, valid] of Object.entries(VALID_VALUES[tagName] ?? {})) {
    if (name in kept && !valid.test(kept[name])) delete kept[name]
  }
  // An override means something only for a library image: on any other it is dropped.
  if (tagName === 'img' && !(MEDIA_ID in kept)) {
    delete kept[ALT_OVERRIDE]
    delete kept[CAPTION_OVERRIDE]
  }
  return { tagName, attribs: kept }
}

// A block's element (lib/body-blocks.ts) keeps its `data-block` only with a name the element
// may carry. An aside is nothing but a block: one without a known name is taken out and its
// contents kept (sanitize-html drops a tag it does not allow but keeps what is inside), and
// only a related-article card keeps the article it names, or is dropped without it.
const NOT_A_BLOCK = 'div'

function blockElement(tagName: string, attribs: sanitizeHtml.Attributes) {
  const { 'data-block': block, ...rest } = keepValidValues(tagName, attribs).attribs
  const named = block !== undefined && blockNamesFor(tagName).includes(block)
  if (tagName === 'figure')
    return { tagName, attribs: named ? { 'data-block': block, ...rest } : rest }
  if (!named) return { tagName: NOT_A_BLOCK, attribs: {} }
  if (block !== BODY_BLOCKS.relatedArticle.name)
    return { tagName, attribs: { 'data-block': block } }
  const { [RELATED_ARTICLE_ID]: id, [RELATED_ARTICLE_TITLE]: title } = rest
  if (id === undefined) return { tagName: NOT_A_BLOCK, attribs: {} }
  return {
    tagName,
    attribs: {
      'data-block': block,
      [RELATED_ARTICLE_ID]: id,
      ...(title === undefined ? {} : { [RELATED_ARTICLE_TITLE]: title }),
    },
  }
}

/**
 * Allowed as the editor allows it, and also once every kind of white space and invisible
 * format character is taken out: "javascript\u2028:" is no scheme to a browser today, but a
 * stored body should hold nothing that any URL reader could take for one.
 */
function isSafeHref(href: string) {
  return isAllowedLinkHref(href) && isAllowedLinkHref(href.replace(/[\s\p{Cc}\p{Cf}]+/gu, ''))
}

const ARTICLE_ATTRIBUTES = {
  a: ['href', 'target', 'rel', 'title'],
  img: [
    'src',
    'alt',
    'title',
    'width',
    'height',
    'loading',
    MEDIA_ID,
    ALT_OVERRIDE,
    CAPTION_OVERRIDE,
  ],
  // TipTap writes `type` for lettered or roman lists pasted from elsewhere.
  ol: ['start', 'type'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  // A gallery's outer figure (lib/gallery.ts), a block's, and an embed block (lib/embed-block.ts),
  // rebuilt from its attributes by rewriteEmbeds after this pass.
  figure: [GALLERY_ATTRIBUTE, 'data-block', ...Object.values(EMBED_ATTRIBUTE)],
  aside: ['data-block', RELATED_ARTICLE_ID, RELATED_ARTICLE_TITLE],
}

// sanitize-html reads allowedEmptyAttributes (2.x); its type definitions do not list it yet.
const ARTICLE_OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
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
    // Body tables (components/admin/table-extension.ts); <thead> from pasted or imported ones.
    'table',
    'caption',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    // A gallery image's credit, in its figcaption (lib/gallery.ts).
    'small',
    'aside',
  ],
  allowedAttributes: ARTICLE_ATTRIBUTES,
  // Written `data-gallery=""`, as the editor writes it, so a saved gallery round-trips.
  allowedEmptyAttributes: ['alt', GALLERY_ATTRIBUTE],
  // No class attributes except the code block's language (docs/product.md §3 "Code block language"),
  // which TipTap writes as <code class="language-js">.
  allowedClasses: { code: ['language-*'] },
  // The link schemes of docs/product.md §5 (lib/link-schemes.ts, shared with the editor).
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  // An image whose src was refused would render as a broken box; a pull quote's attribution
  // left empty is none.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !frame.attribs.src) ||
    (frame.tag === 'figcaption' && frame.text.trim() === '' && frame.mediaChildren.length === 0),
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
    th: keepValidValues,
    td: keepValidValues,
    // keepValidValues first, a gallery's mark included.
    figure: (tagName, attribs) => {
      const kept = blockElement(tagName, attribs)
      // An embed block's attributes mean something only on an embed; a plain figure keeps none.
      if (EMBED_ATTRIBUTE.provider in attribs) return kept
      for (const name of Object.values(EMBED_ATTRIBUTE)) delete kept.attribs[name]
      return kept
    },
    aside: blockElement,
  },
}

const RELATED_CARD_OPEN = `<aside data-block="${BODY_BLOCKS.relatedArticle.name}"`

/**
 * A related-article card holds nothing: the reader's page draws it. What a crafted body put
 * inside one is taken out (sanitised HTML is well formed, so its asides pair up).
 */
function emptyRelatedCards(html: string): string {
  let result = ''
  let at = 0
  for (;;) {
    const start = html.indexOf(RELATED_CARD_OPEN, at)
    if (start < 0) return result + html.slice(at)
    const openEnd = html.indexOf('>', start) + 1
    let depth = 1
    let scan = openEnd
    while (depth > 0) {
      const next = html.slice(scan).search(/<aside[\s>]|<\/aside>/)
      if (next < 0) return result + html.slice(at)
      scan += next
      depth += html.startsWith('</', scan) ? -1 : 1
      scan = html.indexOf('>', scan) + 1
    }
    result += html.slice(at, openEnd) + '</aside>'
    at = scan
  }
}

/** Article body HTML reduced to what the editor can produce, with safe links and images. */
export function sanitizeArticleHtml(html: string): string {
  return rewriteEmbeds(emptyRelatedCards(sanitizeHtml(html, ARTICLE_OPTIONS)), embedBlockHtml)
}

/** A library image of a body as stored: overrides are '' when this use follows the library. */
export interface StoredBodyImage {
  mediaId: string
  /** The alt text stored with it (what it had when inserted). */
  alt: string
  altOverride: string
  captionOverride: string
}

/** What a reader is shown of a library image; caption and credit '' for none. */
export interface ShownBodyImage {
  alt: string
  caption: string
  /** The credit line as shown ("Photo: …"), under the caption. */
  credit?: string
}

// Put on an image by the reader's pass below and replaced by a figure in the same call: a
// stored body carrying it has it taken off first, so it never reaches a page.
const CAPTION_MARK = 'data-figure-caption'
const CREDIT_MARK = 'data-figure-credit'
// sanitize-html writes every attribute value quoted with `&`, `<`, `>` and `"` escaped, so a
// tag ends at the first `>` and a value at the first `"`; the marks are written last, the
// caption's before the credit's. An image with neither is left as it is.
const MARKED_IMAGE = new RegExp(
  `<img([^>]*?)(?: ${CAPTION_MARK}="([^"]*)")?(?: ${CREDIT_MARK}="([^"]*)")? />`,
  'g',
)

/**
 * An article body as readers see it: sanitised as on save, and every library image (one with
 * a media id) given the alt text, caption and credit `show` decides for it, its overrides taken
 * off; an image with a caption or a credit becomes `<figure><img><figcaption>`, the credit in
 * its `<small>` (as a gallery's). Images without an id (pasted,
 * imported, older bodies) stay as stored. Each table goes in its scrolling region.
 */
export function renderArticleHtml(
  html: string,
  show: (image: StoredBodyImage) => ShownBodyImage,
): string {
  const marked = emptyRelatedCards(
    sanitizeHtml(html, {
      ...ARTICLE_OPTIONS,
      allowedAttributes: {
        ...ARTICLE_ATTRIBUTES,
        img: [...ARTICLE_ATTRIBUTES.img, CAPTION_MARK, CREDIT_MARK],
      },
      transformTags: {
        ...ARTICLE_OPTIONS.transformTags,
        img: (tagName, attribs) => {
          const {
            [CAPTION_MARK]: _mark,
            [CREDIT_MARK]: _creditMark,
            [ALT_OVERRIDE]: altOverride = '',
            [CAPTION_OVERRIDE]: captionOverride = '',
            ...kept
          } = keepValidValues(tagName, attribs).attribs
          const mediaId = kept[MEDIA_ID]
          if (!mediaId) return { tagName, attribs: kept }
          const shown = show({ mediaId, alt: kept.alt ?? '', altOverride, captionOverride })
          return {
            tagName,
            attribs: {
              ...kept,
              alt: shown.alt,
              ...(shown.caption ? { [CAPTION_MARK]: shown.caption } : {}),
              ...(shown.credit ? { [CREDIT_MARK]: shown.credit } : {}),
            },
          }
        },
      },
    }),
  )
  const figured = marked.replace(
    MARKED_IMAGE,
    (image: string, attributes: string, caption?: string, credit?: string) =>
      caption === undefined && credit === undefined
        ? image
        : `<figure><img${attributes} /><figcaption>${caption ?? ''}${credit ? `<small>${credit}</small>` : ''}</figcaption></figure>`,
  )
  // Tables scroll sideways in their region; embeds are the reader's click-to-load card
  // (nothing from the provider until they choose).
  return rewriteEmbeds(scrollableTables(figured), embedPlaceholderHtml)
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
  'aside',
  'table',
  'caption',
  'tr',
  'td',
  'th',
  'small',
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
