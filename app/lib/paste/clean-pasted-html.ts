import { cssDeclarations, isBoldWeight } from './css-declarations'
import { nestListsInItems } from './nested-lists'
import { isWordListMarker, nestWordLists, wordListKinds } from './word-lists'

// Text pasted from Google Docs or Microsoft Word into the article editor keeps its structure
// (headings, bold, italic, links, nested lists, tables, line breaks) and loses the rest:
// fonts, colours, sizes, empty spans, Word's comments and tracked changes. The clipboard's
// HTML is rebuilt from an allow-list rather than scrubbed, so whatever an office suite adds
// next is left out too. Runs in the browser (ProseMirror's transformPastedHTML); the parser
// is a parameter so the unit tests can give it a DOM of their own.

export type ParseHtml = (html: string) => Document

const browserParse: ParseHtml = (html) => new DOMParser().parseFromString(html, 'text/html')

/** Kept with the attributes listed (every other attribute goes). */
const KEPT: Record<string, readonly string[]> = {
  p: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  blockquote: [],
  ul: [],
  ol: [],
  li: [],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  br: [],
  a: ['href'],
  strong: [],
  em: [],
  u: [],
  s: [],
}

/** The same mark under another tag. */
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', strike: 's' }

/** Left out with everything inside. */
const DROPPED = new Set([
  'head',
  'style',
  'script',
  'meta',
  'title',
  'link',
  'xml',
  'template',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'button',
  'input',
  'select',
  'textarea',
  // Images in a clipboard point at the office suite's servers or the writer's disk; the
  // body's images come from the media library.
  'img',
  'picture',
  'video',
  'audio',
  'colgroup',
  'col',
  'del',
])

const BLOCKS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
])

// Word's comment anchors and texts, and tracked deletions: what the writer would not publish.
const DROPPED_CLASS =
  /^(msocomanchor|msocomoff|msocomtxt|msocommentreference|msocommenttext|msodel)$/i

function isDroppedElement(element: Element, tag: string): boolean {
  // A tracked deletion (Word's <del cite=…>, or a .msoDel span) is not text the writer kept;
  // a tracked insertion (<ins>) is unwrapped like any other unknown tag.
  if (DROPPED.has(tag)) return true
  if (Array.from(element.classList).some((name) => DROPPED_CLASS.test(name))) return true
  if (isWordListMarker(element)) return true
  const style = cssDeclarations(element.getAttribute('style'))
  const special = style.get('mso-special-character')?.toLowerCase()
  const msoElement = style.get('mso-element')?.toLowerCase() ?? ''
  return (
    special === 'comment' ||
    msoElement.startsWith('comment') ||
    (element.classList.contains('Apple-interchange-newline') && tag === 'br')
  )
}

/** The marks a span's (or b's, i's…) inline style gives its text. */
function styleMarks(element: Element, insideLink: boolean): string[] {
  const style = cssDeclarations(element.getAttribute('style'))
  const marks: string[] = []
  if (isBoldWeight(style.get('font-weight'))) marks.push('strong')
  if (/italic|oblique/i.test(style.get('font-style') ?? '')) marks.push('em')
  const decoration = `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`
  // Office suites underline a link's text; the link is the mark that matters there.
  if (/underline/i.test(decoration) && !insideLink) marks.push('u')
  if (/line-through/i.test(decoration)) marks.push('s')
  return marks
}

function isSafeHref(href: string): boolean {
  // Word's links to its own comments and bookmarks lead nowhere once pasted.
  return href.trim() !== '' && !/^#_(msocom|ftn|edn|Toc)/i.test(href.trim())
}

interface Walk {
  out: Document
  insideLink: boolean
}

function copyChildren(from: Node, into: Node, walk: Walk) {
  for (const child of Array.from(from.childNodes)) copyNode(child, into, walk)
}

function copyNode(node: Node, into: Node, walk: Walk): void {
  if (node.nodeType === 3) {
    // Word wraps its source at about 80 columns: a line end in the text is a space. (A
    // no-break space is not white space here and stays.)
    into.appendChild(
      walk.out.createTextNode((node.textContent ?? '').replace(/[ \t\r\n\f]+/g, ' ')),
    )
    return
  }
  if (node.nodeType !== 1) return // comments (Word's conditional ones too), processing instructions
  const element = node as Element
  const tag = element.localName.toLowerCase()
  if (isDroppedElement(element, tag)) return

  const renamed = RENAMED[tag] ?? tag
  // Google Docs wraps the whole copy in <b style="font-weight:normal">: not bold.
  const notBold =
    renamed === 'strong' &&
    isBoldWeight(cssDeclarations(element.getAttribute('style')).get('font-weight')) === false
  const keptAs = notBold ? null : renamed in KEPT ? renamed : null

  let target: Node = into
  if (keptAs !== null) {
    const copy = walk.out.createElement(keptAs)
    for (const name of KEPT[keptAs]) {
      const value = element.getAttribute(name)
      if (value !== null && (name !== 'href' || isSafeHref(value))) copy.setAttribute(name, value)
    }
    // A link without a usable address keeps its text only.
    if (keptAs === 'a' && !copy.hasAttribute('href')) target = into
    else {
      into.appendChild(copy)
      target = copy
    }
  }
  if (!BLOCKS.has(keptAs ?? '')) {
    for (const mark of styleMarks(element, walk.insideLink || keptAs === 'a')) {
      if (mark === keptAs) continue
      const wrapper = walk.out.createElement(mark)
      target.appendChild(wrapper)
      target = wrapper
    }
  }
  if (keptAs === 'br') return
  copyChildren(element, target, { ...walk, insideLink: walk.insideLink || keptAs === 'a' })
}

/** Elements that hold blocks (where white space and line breaks between them mean nothing). */
const BLOCK_CONTAINERS = 'blockquote, ul, ol, li, table, thead, tbody, tfoot, tr, td, th'

function isBlank(element: Element): boolean {
  return (
    (element.textContent ?? '').replace(/[\s\u00a0]+/g, '') === '' &&
    !element.querySelector('br, table')
  )
}

function isBlockNode(node: Node | null): boolean {
  return node !== null && node.nodeType === 1 && BLOCKS.has((node as Element).localName)
}

function meaningfulSibling(node: Node, direction: 'previousSibling' | 'nextSibling'): Node | null {
  let sibling = node[direction]
  while (sibling !== null && sibling.nodeType === 3 && (sibling.textContent ?? '').trim() === '')
    sibling = sibling[direction]
  return sibling
}

/** Takes out what carries nothing once styles are gone. */
function tidy(root: Element): void {
  // Marks and links with no text (Word's empty spans around a paragraph's end, say).
  for (const inline of Array.from(root.querySelectorAll('strong, em, u, s, a')).reverse()) {
    if (isBlank(inline)) inline.replaceWith(...Array.from(inline.childNodes))
  }
  // Google Docs separates blocks with <br>; Word leaves a no-break space in empty paragraphs.
  // Between blocks they are spacing, not line breaks: line breaks inside a paragraph stay.
  for (const br of Array.from(root.querySelectorAll('br'))) {
    const parent = br.parentElement
    const inBlockContainer =
      parent === root || (parent !== null && parent.matches(BLOCK_CONTAINERS))
    const previous = meaningfulSibling(br, 'previousSibling')
    const next = meaningfulSibling(br, 'nextSibling')
    const atEdge = previous === null || next === null || isBlockNode(previous) || isBlockNode(next)
    // A paragraph's last line break draws nothing.
    const trailing = next === null && /^(p|h[1-6])$/.test(parent?.localName ?? '')
    if ((inBlockContainer && atEdge) || trailing) br.remove()
  }
  for (const block of Array.from(root.querySelectorAll('p, h1, h2, h3, h4, h5, h6')).reverse()) {
    if (isBlank(block) && !block.querySelector('br')) block.remove()
  }
  nestListsInItems(root)
  // White space between blocks is the source's layout, not text.
  const containers = [root, ...Array.from(root.querySelectorAll(BLOCK_CONTAINERS))]
  for (const container of containers) {
    for (const child of Array.from(container.childNodes)) {
      if (child.nodeType !== 3 || (child.textContent ?? '').trim() !== '') continue
      const previous = child.previousSibling
      const next = child.nextSibling
      if (previous === null || next === null || isBlockNode(previous) || isBlockNode(next))
        child.remove()
    }
  }
}

/** Word draws a header row as bold cells: when every cell of the first row is bold, it is one. */
function headerRows(root: Element): void {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (table.querySelector('th')) continue
    const first = table.querySelector('tr')
    const cells = first ? Array.from(first.children).filter((cell) => cell.localName === 'td') : []
    const isBoldCell = (cell: Element) => {
      const text = (cell.textContent ?? '').replace(/\s+/g, '')
      const bold = Array.from(cell.querySelectorAll('strong'))
        .map((strong) => strong.textContent ?? '')
        .join('')
        .replace(/\s+/g, '')
      return text !== '' && bold === text
    }
    if (cells.length === 0 || !cells.every(isBoldCell)) continue
    for (const cell of cells) {
      const header = cell.ownerDocument.createElement('th')
      for (const name of ['colspan', 'rowspan']) {
        const value = cell.getAttribute(name)
        if (value !== null) header.setAttribute(name, value)
      }
      for (const strong of Array.from(cell.querySelectorAll('strong'))) {
        strong.replaceWith(...Array.from(strong.childNodes))
      }
      header.append(...Array.from(cell.childNodes))
      cell.replaceWith(header)
    }
  }
}

/** The clipboard HTML of a paste, reduced to the structure the article body keeps. */
export function cleanPastedHtml(html: string, parse: ParseHtml = browserParse): string {
  const source = parse(html)
  nestWordLists(source.body, wordListKinds(source))
  const out = parse('')
  const root = out.body
  copyChildren(source.body, root, { out, insideLink: false })
  tidy(root)
  headerRows(root)
  root.normalize()
  return root.innerHTML
}

/** Whether the HTML was copied from Microsoft Word or Google Docs. */
export function isOfficeHtml(html: string): boolean {
  return (
    /id="docs-internal-guid-/.test(html) ||
    /urn:schemas-microsoft-com:office|class="?Mso|mso-[a-z-]+:/i.test(html)
  )
}

/**
 * ProseMirror's transformPastedHTML: a copy from Word or Google Docs is cleaned; any other
 * HTML (a copy from this editor, which carries the body's own markup, or a web page) is left
 * to the editor's schema as before.
 */
export function transformPastedHtml(html: string): string {
  return isOfficeHtml(html) && !html.includes('data-pm-slice') ? cleanPastedHtml(html) : html
}
