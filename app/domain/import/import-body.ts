import { DomUtils } from 'htmlparser2'
import { escapeHtml, escapeHtmlAttribute } from '~/lib/html'
import {
  isElement,
  isText,
  type HtmlDocument,
  type HtmlElement,
  type HtmlNode,
  type HtmlText,
} from '~/lib/html-dom'
import { embedBlock, embedBlockHtml } from '~/lib/embed-block'
import { embedAddress, embedFrame } from '~/lib/embed-providers'
import { toEmbedUrl } from '~/lib/video-embed'
import { factBoxHtml, pullQuoteHtml } from './import-blocks'
import { convertBlocks, shortcodeGallery } from './import-tables-galleries'
import { closest, endOf, parentElement, parseHtml, sourceOf, splice, type Edit } from './html-edits'

// An imported body made into what our editor writes (TipTap: paragraphs, headings, lists,
// links, images, figures with captions), before the sanitiser has the last word. Pure: the
// writer resolves images and sanitises. docs/decisions/0040-import-from-wordpress-and-ghost.md says why each
// shortcode becomes what it does.
//
// The HTML is read with a parser (htmlparser2), never with regular expressions over tags: an
// attribute may hold ">" or "<!--", elements nest, a comment or CDATA may hold tags. What is
// changed is cut out of the source by the parser's positions and the rest kept as written.

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

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s\\]]+))`, 'i').exec(
    attributes,
  )
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null
}

/** What the editor makes of a video link: a paragraph with the link (the video field plays it). */
function videoLink(url: string) {
  const safe = escapeHtmlAttribute(url)
  return `<p><a href="${safe}">${safe}</a></p>`
}

// What WordPress's `wpautop` leaves alone: elements that are blocks of their own.
const BLOCKS = new Set(
  'p div h1 h2 h3 h4 h5 h6 ul ol li blockquote pre figure table hr dl address section aside img iframe'.split(
    ' ',
  ),
)

/**
 * WordPress's classic editor stores paragraphs as blank lines (its `wpautop` adds the <p>s):
 * the body's top-level text and inline elements, between blocks and blank lines, become
 * paragraphs, a single line break inside one a <br>. A blank line inside an element is its own.
 */
export function paragraphs(html: string): string {
  const source = html.replace(/\r\n?/g, '\n')
  const doc = parseHtml(source)
  if (DomUtils.findOne((element) => element.name === 'p', doc.children)) return html
  const chunks: string[] = []
  let run = ''
  const flush = () => {
    const chunk = run.trim()
    if (chunk) chunks.push(`<p>${lineBreaks(chunk)}</p>`)
    run = ''
  }
  for (const node of doc.children) {
    const text = sourceOf(source, node)
    if (isElement(node) && BLOCKS.has(node.name)) {
      flush()
      chunks.push(text.trim())
    } else if (isText(node)) {
      text.split(/\n\s*\n/).forEach((part, i) => {
        if (i > 0) flush()
        run += part
      })
    } else run += text
  }
  flush()
  return chunks.join('\n')
}

/** A paragraph's line breaks, in its text only (never inside a tag or a <pre>). */
function lineBreaks(html: string): string {
  const doc = parseHtml(html)
  const texts = DomUtils.filter((node) => isText(node) && !inPre(node), doc.children)
  return splice(
    html,
    texts.map((node) => ({ node, text: sourceOf(html, node).replace(/\n/g, '<br>') })),
  )
}

function inPre(node: HtmlNode): boolean {
  return closest(node, 'pre') !== null
}

function captionFigure(attributes: string, inner: string) {
  const doc = parseHtml(inner)
  const img = DomUtils.findOne((element) => element.name === 'img', doc.children)
  const image = img ? sourceOf(inner, img) : ''
  const captionAttribute = attribute(attributes, 'caption')
  // The caption is the attribute (older exports) or what follows the image inside the shortcode
  // (the link around the image, to its full size, goes with it).
  const wrapper = img ? parentElement(img) : null
  const linked = wrapper?.name === 'a' ? wrapper : null
  const alone = linked?.children.every(
    (child) => child === img || (isText(child) && !child.data.trim()),
  )
  const caption =
    captionAttribute !== null
      ? escapeHtml(captionAttribute)
      : img
        ? splice(inner, [{ node: alone && linked ? linked : img, text: '' }]).trim()
        : inner.trim()
  return `<figure>${image}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`
}

const SHORTCODE = /\[(\/?)([a-z][a-z0-9_-]*)([^\]\n]*)\]/gi

/** An imported body in our editor's terms, with what could not be carried across. */
export function convertBody(
  source: 'wordpress' | 'ghost',
  raw: string,
  context: BodyContext,
): BodyFacts {
  let videoUrl: string | null = null
  const noteVideo = (url: string) => {
    videoUrl ??= url
    return videoLink(url)
  }

  // Block-editor delimiters (<!-- wp:… -->), every other comment, and CDATA (a comment in HTML).
  let html = withoutComments(raw)
  if (source === 'ghost') html = html.split('__GHOST_URL__').join(context.siteUrl)
  // First, before a WordPress wrapper's address alone on its line is taken for a video link.
  html = withEmbedBlocks(html)

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
      return shortcodeGallery(urls)
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

  // Bare iframes of a video (or an embed figure that named no address: the article's video and
  // a link); quotes, separators, callouts and toggles become our blocks.
  const doc = parseHtml(html, { decodeEntities: true })
  const edits: Edit[] = []
  const visit = (nodes: HtmlNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue
      const url = embeddedVideo(node)
      const block = url ? null : importedBlock(html, node)
      if (url) edits.push({ node, text: noteVideo(url) })
      else if (block !== null) edits.push({ node, text: block })
      else visit(node.children)
    }
  }
  visit(doc.children)
  html = convertBlocks(splice(html, edits))

  // Shortcodes are text: a "[…]" in an attribute or a comment is none.
  const unknown = new Set<string>()
  for (const text of DomUtils.filter(isText, parseHtml(html).children)) {
    for (const match of (text as HtmlText).data.matchAll(SHORTCODE)) {
      if (match[1] === '') unknown.add(match[2].toLowerCase())
    }
  }
  if (source === 'wordpress') html = paragraphs(html)
  const images = imageElements(parseHtml(html)).flatMap((img) =>
    img.attribs.src ? [img.attribs.src] : [],
  )
  return { html, videoUrl, unknownShortcodes: [...unknown].sort(), images }
}

function hasClass(element: HtmlElement, name: string) {
  return (element.attribs.class ?? '').split(/\s+/).includes(name)
}

function childWithClass(element: HtmlElement, name: string): HtmlElement | null {
  return DomUtils.findOne((e) => hasClass(e, name), element.children)
}

/** The source between an element's tags. */
function innerSource(html: string, element: HtmlElement): string {
  const first = element.children[0]
  return first ? html.slice(first.startIndex!, endOf(element.children.at(-1)!)) : ''
}

/** A quote's words as one line of text: its paragraphs (or its text) without the citation. */
function quoteText(quote: HtmlElement): string {
  const paragraphs = DomUtils.findAll((e) => e.name === 'p', quote.children)
  const parts = paragraphs.length > 0 ? paragraphs : [quote]
  return parts
    .map((part) =>
      part.children
        .filter((child) => !(isElement(child) && child.name === 'cite'))
        .map((child) => DomUtils.textContent(child))
        .join(''),
    )
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ')
}

/**
 * What one of WordPress's blocks or Ghost's cards becomes in our editor's terms, or null when
 * it is none of ours: a pull quote (core/pullquote; core/quote when it names who said it,
 * else the editor's plain quote), a divider (core/separator), a fact box (Ghost's callout,
 * and its toggle with the heading as the title). docs/decisions/0052-editor-blocks.md.
 */
function importedBlock(html: string, element: HtmlElement): string | null {
  const cite = () => DomUtils.findOne((e) => e.name === 'cite', element.children)
  if (element.name === 'figure' && hasClass(element, 'wp-block-pullquote')) {
    const quote = DomUtils.findOne((e) => e.name === 'blockquote', element.children) ?? element
    const by = cite()
    return pullQuoteHtml(quoteText(quote), by ? DomUtils.textContent(by) : '')
  }
  if (element.name === 'blockquote' && hasClass(element, 'wp-block-quote')) {
    const by = cite()
    const text = quoteText(element)
    if (by && DomUtils.textContent(by).trim()) return pullQuoteHtml(text, DomUtils.textContent(by))
    return null
  }
  if (element.name === 'hr' && hasClass(element, 'wp-block-separator')) return '<hr>'
  if (element.name === 'div' && hasClass(element, 'kg-callout-card')) {
    const text = childWithClass(element, 'kg-callout-text')
    return factBoxHtml('', text ? innerSource(html, text) : '')
  }
  if (element.name === 'div' && hasClass(element, 'kg-toggle-card')) {
    const heading = childWithClass(element, 'kg-toggle-heading-text')
    const content = childWithClass(element, 'kg-toggle-content')
    return factBoxHtml(
      heading ? DomUtils.textContent(heading) : '',
      content ? innerSource(html, content) : '',
    )
  }
  return null
}

const EMBED_CLASS = /(?:^|\s)(?:wp-block-embed|kg-embed-card)(?:\s|$)/
const CARD_CLASS = /(?:^|\s)(?:wp-block-embed|kg-embed-card|kg-bookmark-card)(?:\s|$)/

function textOf(root: HtmlElement, className: string): string {
  const found = DomUtils.findOne(
    (e) => (e.attribs.class ?? '').split(/\s+/).includes(className),
    root.children,
  )
  return found ? DomUtils.textContent(found).trim() : ''
}

/**
 * Embed blocks and cards (WordPress's core/embed, Ghost's embed and bookmark cards) as our
 * embed blocks (issue 40).
 */
function withEmbedBlocks(html: string): string {
  const doc = parseHtml(html, { decodeEntities: true })
  const edits: Edit[] = []
  const visit = (nodes: HtmlNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue
      const block = embedCard(node)
      if (block !== null) edits.push({ node, text: block })
      else visit(node.children)
    }
  }
  visit(doc.children)
  return splice(html, edits)
}

/**
 * An embed figure of WordPress (core/embed: the address as the wrapper's text) or Ghost (an
 * embed card: the provider's iframe or quoted post; a bookmark card: its link, title and
 * author) as our embed block's markup; null for anything else. The address is the first one
 * a provider frames, else the first web address it holds (a link card). Its picture stays
 * behind: a block's thumbnail is our media's, and an import asks no provider for one.
 */
function embedCard(element: HtmlElement): string | null {
  if (element.name !== 'figure' || !CARD_CLASS.test(element.attribs.class ?? '')) return null
  const links = DomUtils.findAll((e) => e.name === 'a' || e.name === 'iframe', element.children)
  const candidates = [
    ...(/(https?:\/\/[^\s<"]+)/.exec(DomUtils.textContent(element))?.slice(1, 2) ?? []),
    ...links.map((e) => (e.name === 'a' ? e.attribs.href : e.attribs.src) ?? ''),
  ].filter((url) => embedAddress(url) !== null)
  const url = candidates.find((c) => embedFrame(c) !== null) ?? candidates[0]
  if (!url) return null
  const bookmark = /(?:^|\s)kg-bookmark-card(?:\s|$)/.test(element.attribs.class ?? '')
  const caption = DomUtils.findOne((e) => e.name === 'figcaption', element.children)
  const title = bookmark
    ? textOf(element, 'kg-bookmark-title')
    : caption
      ? DomUtils.textContent(caption).trim()
      : ''
  const author = bookmark
    ? textOf(element, 'kg-bookmark-author') || textOf(element, 'kg-bookmark-publisher')
    : ''
  const block = embedBlock({ url, title, author }, () => false)
  return block ? embedBlockHtml(block) : null
}

/** The video an embed figure or an iframe shows (entities decoded), else null. */
function embeddedVideo(element: HtmlElement): string | null {
  if (element.name === 'iframe')
    return videoAddress(element.attribs.src ?? '') && element.attribs.src
  if (element.name !== 'figure' || !EMBED_CLASS.test(element.attribs.class ?? '')) return null
  const iframe = DomUtils.findOne((e) => e.name === 'iframe' && !!e.attribs.src, element.children)
  const url =
    iframe?.attribs.src ?? /(https?:\/\/[^\s<"]+)/.exec(DomUtils.textContent(element))?.[1]
  return url && videoAddress(url) ? url : null
}

export interface ImageText {
  /** The `alt` attribute, entities as written (the writer makes it plain text). */
  alt: string
  /** The figure's caption as HTML, or empty. */
  caption: string
}

/**
 * The alt text and caption each image address carries in a body (the first mention wins):
 * what the media library keeps with the stored copy, as an editor would type them there. An
 * image's caption is its nearest figure's, unless that figure holds more than one picture (a
 * gallery's caption is not each picture's).
 */
export function imageTexts(html: string): Map<string, ImageText> {
  const texts = new Map<string, ImageText>()
  for (const img of imageElements(parseHtml(html))) {
    const src = img.attribs.src
    if (!src || texts.has(src)) continue
    const figure = closest(img, 'figure')
    const figcaption =
      figure && imageElements(figure).length === 1
        ? DomUtils.findOne((e) => e.name === 'figcaption', figure.children)
        : null
    const caption = figcaption?.children.length
      ? html.slice(figcaption.children[0].startIndex!, endOf(figcaption.children.at(-1)!)).trim()
      : ''
    texts.set(src, { alt: img.attribs.alt ?? '', caption })
  }
  return texts
}

function withoutComments(html: string): string {
  const doc = parseHtml(html)
  const comments = DomUtils.filter((node) => node.type === 'comment', doc.children)
  return splice(
    html,
    comments.map((node) => ({ node: node as HtmlNode, text: '' })),
  )
}

function imageElements(root: HtmlDocument | HtmlElement): HtmlElement[] {
  return DomUtils.findAll((element) => element.name === 'img', root.children)
}
