import { parseDocument } from 'htmlparser2'
import { BODY_BLOCKS, RELATED_ARTICLE_ID } from '~/lib/body-blocks'
import { EMBED_ATTRIBUTE, embedHost, LINK_CARD } from '~/lib/embed-block'
import { embedProvider } from '~/lib/embed-providers'
import { GALLERY_ATTRIBUTE, pixels } from '~/lib/gallery'
import { escapeHtml, escapeHtmlAttribute } from '~/lib/html'
import { isElement, isText, type HtmlElement, type HtmlNode } from '~/lib/html-dom'
import type { RelatedCards } from '~/domain/related-cards.server'
import { mailColors, serif } from './mail-layout.server'

// A newsletter's own words (an edition's introduction, written in the article editor with its
// blocks) in the form mail clients render: inline styles, no script, no frame, every address
// absolute. Each block has its mail form:
//   - an embed: a linked card with its stored thumbnail, its provider and title;
//   - a gallery: its first picture with caption and credit, and links to the others;
//   - a table: a table, bordered, its caption above;
//   - a pull quote, a fact box, a related story: a quote, a boxed aside, a linked headline.
// And a plain-text form of the same, written for reading. The input is a body as the
// sanitiser stores it (infra/sanitize.server.ts): nothing else reaches this.

export interface MailBodyContext {
  /** The site's address with its trailing slash: relative links and pictures start here. */
  siteUrl: string
  /** The public stories the body's related cards name (related-cards.server.ts). */
  cards: RelatedCards
  /** Column width in CSS pixels: pictures are sized to it. */
  width: number
}

export interface MailBody {
  html: string
  text: string
}

const TEXT = `font-size:16px;line-height:24px;margin:0 0 14px`
const MUTED = `color:${mailColors.muted};font-size:13px;line-height:18px`
const RULE = `1px solid ${mailColors.rule}`
const LINK = `color:${mailColors.link}`
const HEADING: Record<string, string> = {
  h1: `font-family:${serif};font-size:24px;line-height:30px;margin:22px 0 10px`,
  h2: `font-family:${serif};font-size:22px;line-height:28px;margin:22px 0 10px`,
  h3: `font-family:${serif};font-size:19px;line-height:25px;margin:18px 0 8px`,
}
const INLINE = new Set(['strong', 'b', 'em', 'i', 'u', 's', 'code', 'small', 'sub', 'sup'])

function absolute(address: string, siteUrl: string): string {
  try {
    return new URL(address, siteUrl).href
  } catch {
    return siteUrl
  }
}

function attr(element: HtmlElement, name: string): string {
  return element.attribs[name] ?? ''
}

function children(element: HtmlElement): HtmlNode[] {
  return element.children as HtmlNode[]
}

function elementsOf(element: HtmlElement, name?: string): HtmlElement[] {
  return children(element).filter(
    (node): node is HtmlElement => isElement(node) && (!name || node.name === name),
  )
}

function textContent(node: HtmlNode): string {
  if (isText(node)) return node.data
  if (!isElement(node)) return ''
  return children(node).map(textContent).join('')
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function image(
  src: string,
  alt: string,
  size: { width: number | null; height: number | null },
  context: MailBodyContext,
) {
  const height =
    size.width && size.height ? Math.round((context.width * size.height) / size.width) : null
  const heightAttribute = height ? ` height="${height}"` : ''
  return `<img src="${escapeHtmlAttribute(absolute(src, context.siteUrl))}" alt="${escapeHtmlAttribute(alt)}" width="${context.width}"${heightAttribute} style="display:block;max-width:100%;height:auto;border:0;margin:0 0 6px" />`
}

function link(href: string, inner: string, context: MailBodyContext, style = LINK) {
  return `<a href="${escapeHtmlAttribute(absolute(href, context.siteUrl))}" class="m-link" style="${style}">${inner}</a>`
}

/** One paragraph of small print (a caption, a credit, a card's provider). */
function smallPrint(inner: string, margin = '0 0 14px') {
  return `<p class="m-muted" style="${MUTED};margin:${margin}">${inner}</p>`
}

function embedHtml(figure: HtmlElement, context: MailBodyContext): string {
  const url = attr(figure, EMBED_ATTRIBUTE.url)
  const provider = attr(figure, EMBED_ATTRIBUTE.provider)
  const title = attr(figure, EMBED_ATTRIBUTE.title)
  const author = attr(figure, EMBED_ATTRIBUTE.author)
  const thumbnail = attr(figure, EMBED_ATTRIBUTE.thumbnail)
  const source = provider === LINK_CARD ? embedHost(url) : (embedProvider(provider)?.name ?? '')
  const picture = thumbnail
    ? link(url, image(thumbnail, title || source, { width: null, height: null }, context), context)
    : ''
  const byline = [source, author].filter(Boolean).map(escapeHtml).join(' · ')
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="m-rule" style="border:${RULE};margin:0 0 18px"><tr><td style="padding:12px">` +
    picture +
    (byline ? smallPrint(byline, '0 0 4px') : '') +
    `<p style="font-family:${serif};font-size:18px;line-height:24px;margin:0">${link(url, escapeHtml(title || url), context, `${LINK};text-decoration:none`)}</p>` +
    `</td></tr></table>`
  )
}

interface GalleryPicture {
  src: string
  full: string
  alt: string
  width: number | null
  height: number | null
  caption: string
  credit: string
}

function galleryPictures(gallery: HtmlElement): GalleryPicture[] {
  return elementsOf(gallery, 'figure').flatMap((figure) => {
    const anchor = elementsOf(figure, 'a')[0]
    const img = anchor ? elementsOf(anchor, 'img')[0] : elementsOf(figure, 'img')[0]
    if (!img) return []
    const caption = elementsOf(figure, 'figcaption')[0]
    const credit = caption ? elementsOf(caption, 'small')[0] : undefined
    const captionText = caption
      ? oneLine(
          children(caption)
            .filter((node) => node !== credit)
            .map(textContent)
            .join(''),
        )
      : ''
    return [
      {
        src: attr(img, 'src'),
        full: anchor ? attr(anchor, 'href') || attr(img, 'src') : attr(img, 'src'),
        alt: attr(img, 'alt'),
        width: pixels(attr(img, 'width')),
        height: pixels(attr(img, 'height')),
        caption: captionText,
        credit: credit ? oneLine(textContent(credit)) : '',
      },
    ]
  })
}

function galleryHtml(gallery: HtmlElement, context: MailBodyContext): string {
  const [first, ...others] = galleryPictures(gallery)
  if (!first) return ''
  // The full-size picture: mail clients do not all show the grid's WebP.
  const lines = [first.caption, first.credit].filter(Boolean).map(escapeHtml).join(' ')
  const more = others.length
    ? smallPrint(
        `${others.length === 1 ? 'One more picture' : `${others.length} more pictures`}: ` +
          others.map((picture, i) => link(picture.full, `${i + 2}`, context)).join(' · '),
      )
    : ''
  return (
    `<div style="margin:0 0 18px">` +
    link(first.full, image(first.full, first.alt, first, context), context) +
    (lines ? smallPrint(lines, '0 0 4px') : '') +
    more +
    `</div>`
  )
}

function cellsHtml(row: HtmlElement, context: MailBodyContext): string {
  return elementsOf(row)
    .filter((cell) => cell.name === 'th' || cell.name === 'td')
    .map((cell) => {
      const span = ['colspan', 'rowspan']
        .filter((name) => pixels(attr(cell, name)))
        .map((name) => ` ${name}="${pixels(attr(cell, name))}"`)
        .join('')
      const weight = cell.name === 'th' ? 'font-weight:700;' : ''
      return `<${cell.name}${span} class="m-rule" style="${weight}border:${RULE};padding:6px 8px;text-align:left;vertical-align:top">${inlineOf(cell, context)}</${cell.name}>`
    })
    .join('')
}

/** A table's rows in order, whether in its head and body or straight inside it. */
function tableRows(table: HtmlElement): HtmlElement[] {
  return elementsOf(table).flatMap((part) =>
    part.name === 'tr'
      ? [part]
      : ['thead', 'tbody'].includes(part.name)
        ? elementsOf(part, 'tr')
        : [],
  )
}

function tableHtml(table: HtmlElement, context: MailBodyContext): string {
  const caption = elementsOf(table, 'caption')[0]
  const rows = tableRows(table)
  return (
    `<table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;line-height:20px;margin:0 0 18px">` +
    (caption
      ? `<caption class="m-muted" style="${MUTED};text-align:left;padding:0 0 6px">${inlineOf(caption, context)}</caption>`
      : '') +
    rows.map((row) => `<tr>${cellsHtml(row, context)}</tr>`).join('') +
    `</table>`
  )
}

function pullQuoteHtml(figure: HtmlElement): string {
  const quote = elementsOf(figure, 'blockquote')[0]
  const attribution = elementsOf(figure, 'figcaption')[0]
  const words = quote ? oneLine(textContent(quote)) : ''
  return (
    `<div class="m-strong-rule" style="border-left:4px solid ${mailColors.ink};padding:2px 0 2px 16px;margin:6px 0 20px">` +
    `<p style="font-family:${serif};font-size:21px;line-height:29px;margin:0">“${escapeHtml(words)}”</p>` +
    (attribution
      ? smallPrint(`— ${escapeHtml(oneLine(textContent(attribution)))}`, '6px 0 0')
      : '') +
    `</div>`
  )
}

function factBoxHtml(aside: HtmlElement, context: MailBodyContext): string {
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="m-rule" style="border:${RULE};border-top:3px solid ${mailColors.ink};margin:0 0 18px"><tr><td style="padding:12px 16px 0">` +
    children(aside)
      .map((node) =>
        isElement(node) && /^h[1-6]$/.test(node.name)
          ? `<p style="font-family:${serif};font-size:18px;line-height:24px;font-weight:700;margin:0 0 8px">${inlineOf(node, context)}</p>`
          : blockOf(node, context),
      )
      .join('') +
    `</td></tr></table>`
  )
}

function relatedHtml(aside: HtmlElement, context: MailBodyContext): string {
  const card = context.cards[String(Number(attr(aside, RELATED_ARTICLE_ID)))]
  // A story no longer public leaves no trace, as on the site.
  if (!card) return ''
  const href = `/article/${encodeURIComponent(card.slug)}`
  return (
    `<div class="m-rule" style="border-top:${RULE};border-bottom:${RULE};padding:10px 0;margin:0 0 18px">` +
    smallPrint('RELATED', '0 0 2px') +
    `<p style="font-family:${serif};font-size:18px;line-height:24px;margin:0">${link(href, escapeHtml(card.title), context, `${LINK};text-decoration:none`)}</p>` +
    `</div>`
  )
}

function sizeOf(img: HtmlElement) {
  return { width: pixels(attr(img, 'width')), height: pixels(attr(img, 'height')) }
}

/** A node within a line: words, links and emphasis; anything else is read for its words. */
function inlineNode(node: HtmlNode, context: MailBodyContext): string {
  if (isText(node)) return escapeHtml(node.data)
  if (!isElement(node)) return ''
  if (node.name === 'br') return '<br />'
  if (node.name === 'a' && attr(node, 'href')) {
    return link(attr(node, 'href'), inlineOf(node, context), context)
  }
  if (INLINE.has(node.name)) return `<${node.name}>${inlineOf(node, context)}</${node.name}>`
  if (node.name === 'img') return image(attr(node, 'src'), attr(node, 'alt'), sizeOf(node), context)
  return inlineOf(node, context)
}

function inlineOf(element: HtmlElement, context: MailBodyContext): string {
  return children(element)
    .map((node) => inlineNode(node, context))
    .join('')
}

function listHtml(list: HtmlElement, context: MailBodyContext): string {
  const start =
    list.name === 'ol' && pixels(attr(list, 'start'))
      ? ` start="${pixels(attr(list, 'start'))}"`
      : ''
  const items = elementsOf(list, 'li')
    .map((item) => {
      const parts = children(item).map((node) =>
        isElement(node) && (node.name === 'ul' || node.name === 'ol')
          ? listHtml(node, context)
          : isElement(node) && node.name === 'p'
            ? inlineOf(node, context)
            : isElement(node)
              ? blockOf(node, context)
              : isText(node)
                ? escapeHtml(node.data)
                : '',
      )
      return `<li style="margin:0 0 6px">${parts.join('')}</li>`
    })
    .join('')
  return `<${list.name}${start} style="font-size:16px;line-height:24px;margin:0 0 14px;padding:0 0 0 24px">${items}</${list.name}>`
}

/** A block of the body in its mail form. */
function blockOf(node: HtmlNode, context: MailBodyContext): string {
  if (isText(node)) return node.data.trim() ? `<p style="${TEXT}">${escapeHtml(node.data)}</p>` : ''
  if (!isElement(node)) return ''
  const block = attr(node, 'data-block')
  switch (node.name) {
    case 'p':
      return `<p style="${TEXT}">${inlineOf(node, context)}</p>`
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = node.name === 'h1' ? 'h1' : node.name === 'h2' ? 'h2' : 'h3'
      return `<${level} style="${HEADING[level]}">${inlineOf(node, context)}</${level}>`
    }
    case 'ul':
    case 'ol':
      return listHtml(node, context)
    case 'blockquote':
      return `<blockquote class="m-rule" style="border-left:3px solid ${mailColors.rule};margin:0 0 14px;padding:0 0 0 14px">${children(
        node,
      )
        .map((child) => blockOf(child, context))
        .join('')}</blockquote>`
    case 'pre':
      return `<pre style="font-size:13px;line-height:19px;white-space:pre-wrap;margin:0 0 14px">${escapeHtml(textContent(node))}</pre>`
    case 'hr':
      return `<hr class="m-rule" style="border:none;border-top:${RULE};margin:22px 0" />`
    case 'table':
      return tableHtml(node, context)
    case 'img':
      return image(attr(node, 'src'), attr(node, 'alt'), sizeOf(node), context)
    case 'aside':
      if (block === BODY_BLOCKS.factBox.name) return factBoxHtml(node, context)
      if (block === BODY_BLOCKS.relatedArticle.name) return relatedHtml(node, context)
      return children(node)
        .map((child) => blockOf(child, context))
        .join('')
    case 'figure': {
      if (attr(node, EMBED_ATTRIBUTE.provider)) return embedHtml(node, context)
      if (GALLERY_ATTRIBUTE in node.attribs) return galleryHtml(node, context)
      if (block === BODY_BLOCKS.pullQuote.name) return pullQuoteHtml(node)
      // A picture with its caption.
      return children(node)
        .map((child) =>
          isElement(child) && child.name === 'figcaption'
            ? smallPrint(inlineOf(child, context))
            : blockOf(child, context),
        )
        .join('')
    }
    default:
      return INLINE.has(node.name) || node.name === 'a' || node.name === 'br'
        ? `<p style="${TEXT}">${inlineNode(node, context)}</p>`
        : children(node)
            .map((child) => blockOf(child, context))
            .join('')
  }
}

// The plain-text part: one paragraph per block, a blank line between; links written out.

function inlineText(node: HtmlNode, context: MailBodyContext): string {
  if (isText(node)) return node.data
  if (!isElement(node)) return ''
  if (node.name === 'br') return '\n'
  const inner = children(node)
    .map((child) => inlineText(child, context))
    .join('')
  if (node.name === 'a' && attr(node, 'href')) {
    const href = absolute(attr(node, 'href'), context.siteUrl)
    return inner.trim() && inner.trim() !== href ? `${inner} (${href})` : href
  }
  return inner
}

function lineOf(element: HtmlElement, context: MailBodyContext): string {
  return inlineText(element, context)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .trim()
}

function listText(list: HtmlElement, context: MailBodyContext, depth = 0): string {
  const first = list.name === 'ol' ? (pixels(attr(list, 'start')) ?? 1) : 1
  return elementsOf(list, 'li')
    .map((item, i) => {
      const mark = list.name === 'ol' ? `${first + i}.` : '-'
      const own = children(item)
        .filter((node) => !(isElement(node) && (node.name === 'ul' || node.name === 'ol')))
        .map((node) =>
          isElement(node) ? lineOf(node, context) : isText(node) ? node.data.trim() : '',
        )
        .filter(Boolean)
        .join(' ')
      const nested = elementsOf(item).filter((node) => node.name === 'ul' || node.name === 'ol')
      return [
        `${'  '.repeat(depth)}${mark} ${own}`,
        ...nested.map((inner) => listText(inner, context, depth + 1)),
      ].join('\n')
    })
    .join('\n')
}

function textBlocks(node: HtmlNode, context: MailBodyContext): string[] {
  if (isText(node)) return node.data.trim() ? [node.data.trim()] : []
  if (!isElement(node)) return []
  const block = attr(node, 'data-block')
  const inner = () => children(node).flatMap((child) => textBlocks(child, context))
  switch (node.name) {
    case 'p':
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'figcaption': {
      const line = lineOf(node, context)
      return line ? [line] : []
    }
    case 'ul':
    case 'ol':
      return [listText(node, context)]
    case 'blockquote':
      return inner().map((paragraph) => `> ${paragraph.replace(/\n/g, '\n> ')}`)
    case 'pre':
      return [textContent(node).replace(/\n+$/, '')]
    case 'hr':
      return ['----']
    case 'img':
      return attr(node, 'alt') ? [`[Picture: ${oneLine(attr(node, 'alt'))}]`] : []
    case 'table': {
      const caption = elementsOf(node, 'caption')[0]
      const rows = tableRows(node)
      const lines = rows.map((row) =>
        elementsOf(row)
          .filter((cell) => cell.name === 'th' || cell.name === 'td')
          .map((cell) => oneLine(lineOf(cell, context)))
          .join(' | '),
      )
      // A row left empty in the editor says nothing in text.
      const filled = lines.filter((line) => line.replace(/\|/g, '').trim() !== '')
      return [
        [caption ? oneLine(lineOf(caption, context)) : '', ...filled].filter(Boolean).join('\n'),
      ]
    }
    case 'aside': {
      if (block === BODY_BLOCKS.relatedArticle.name) {
        const card = context.cards[String(Number(attr(node, RELATED_ARTICLE_ID)))]
        if (!card) return []
        return [
          `Related: ${card.title}\n${absolute(`/article/${encodeURIComponent(card.slug)}`, context.siteUrl)}`,
        ]
      }
      if (block === BODY_BLOCKS.factBox.name) {
        return children(node).flatMap((child) =>
          isElement(child) && /^h[1-6]$/.test(child.name)
            ? [lineOf(child, context).toUpperCase()]
            : textBlocks(child, context),
        )
      }
      return inner()
    }
    case 'figure': {
      if (attr(node, EMBED_ATTRIBUTE.provider)) {
        const provider = attr(node, EMBED_ATTRIBUTE.provider)
        const url = attr(node, EMBED_ATTRIBUTE.url)
        const source =
          provider === LINK_CARD ? embedHost(url) : (embedProvider(provider)?.name ?? '')
        const title = attr(node, EMBED_ATTRIBUTE.title)
        return [
          [source && title ? `${source}: ${title}` : title || source, url]
            .filter(Boolean)
            .join('\n'),
        ]
      }
      if (GALLERY_ATTRIBUTE in node.attribs) {
        const pictures = galleryPictures(node)
        if (pictures.length === 0) return []
        const [first] = pictures
        const about = [first.caption, first.credit].filter(Boolean).join(' ')
        return [
          [
            `Pictures (${pictures.length})${about ? `: ${about}` : ''}`,
            ...pictures.map((picture) => absolute(picture.full, context.siteUrl)),
          ].join('\n'),
        ]
      }
      if (block === BODY_BLOCKS.pullQuote.name) {
        const quote = elementsOf(node, 'blockquote')[0]
        const attribution = elementsOf(node, 'figcaption')[0]
        return [
          [
            `“${quote ? oneLine(textContent(quote)) : ''}”`,
            attribution ? `— ${oneLine(textContent(attribution))}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
        ]
      }
      return inner()
    }
    default:
      return INLINE.has(node.name) || node.name === 'a'
        ? [oneLine(inlineText(node, context))].filter(Boolean)
        : inner()
  }
}

/** A stored body in its mail forms: HTML for the mail's column, and plain text. */
export function mailBody(storedHtml: string, context: MailBodyContext): MailBody {
  if (!storedHtml.trim()) return { html: '', text: '' }
  const nodes = parseDocument(storedHtml).children as HtmlNode[]
  return {
    html: nodes.map((node) => blockOf(node, context)).join(''),
    text: nodes.flatMap((node) => textBlocks(node, context)).join('\n\n'),
  }
}
