import { cssDeclarations } from './css-declarations'

// Word writes a list as a run of paragraphs, each with `mso-list: l<list> level<n> lfo<n>`
// in its style and its number or bullet drawn as text in a `mso-list: Ignore` span. The
// kind of each level (bullet or number) is in the clipboard's <style> as
// `@list l0:level1 { mso-level-number-format: bullet; … }`; a paste without it (Safari)
// leaves only the marker's text to tell.

type ListTag = 'ul' | 'ol'

interface ListParagraph {
  paragraph: Element
  list: string
  level: number
}

const MSO_LIST = /^l(\d+)\s+level(\d+)/i

/** "l0:1" → the tag of that list level, from the @list rules of the clipboard's styles. */
export function wordListKinds(doc: Document): Map<string, ListTag> {
  const kinds = new Map<string, ListTag>()
  const css = Array.from(doc.querySelectorAll('style'), (style) => style.textContent ?? '').join(
    '\n',
  )
  for (const rule of css.matchAll(/@list\s+l(\d+):level(\d+)\s*\{([^}]*)\}/gi)) {
    const format = cssDeclarations(rule[3]).get('mso-level-number-format')
    kinds.set(`l${rule[1]}:${rule[2]}`, format === 'bullet' ? 'ul' : 'ol')
  }
  return kinds
}

/** Whether an element is Word's drawn list marker (to be dropped: lists number themselves). */
export function isWordListMarker(element: Element): boolean {
  return cssDeclarations(element.getAttribute('style')).get('mso-list')?.toLowerCase() === 'ignore'
}

function listParagraph(node: Node | null): ListParagraph | null {
  if (node === null || node.nodeType !== 1) return null
  const element = node as Element
  // A numbered heading stays a heading: only paragraphs become list items.
  if (element.localName !== 'p') return null
  const match = MSO_LIST.exec(cssDeclarations(element.getAttribute('style')).get('mso-list') ?? '')
  return match ? { paragraph: element, list: match[1], level: Number(match[2]) } : null
}

function markerKind(paragraph: Element): ListTag {
  const marker = Array.from(paragraph.querySelectorAll('span')).find(isWordListMarker)
  const text = (marker?.textContent ?? '').replace(/\s+/g, '')
  return /^(\d+|[a-z]|[ivxlcdm]+)[.)]$/i.test(text) ? 'ol' : 'ul'
}

/** The next sibling that is not blank text or a comment (Word puts conditional comments between). */
function nextMeaningful(node: Node): Node | null {
  let next = node.nextSibling
  while (
    next !== null &&
    (next.nodeType === 8 || (next.nodeType === 3 && (next.textContent ?? '').trim() === ''))
  )
    next = next.nextSibling
  return next
}

/**
 * Replaces each run of Word list paragraphs in `root` by real nested lists. A jump of
 * several levels (1 to 4) nests one list deeper, so no empty items appear; items at a
 * level already open join that list.
 */
export function nestWordLists(root: Element, kinds: Map<string, ListTag>): void {
  const doc = root.ownerDocument
  const done = new Set<Element>()
  for (const start of Array.from(root.querySelectorAll('p'))) {
    if (done.has(start) || listParagraph(start) === null) continue
    const run: ListParagraph[] = []
    for (let item = listParagraph(start); item !== null;) {
      run.push(item)
      done.add(item.paragraph)
      item = listParagraph(nextMeaningful(item.paragraph))
    }
    const stack: { level: number; list: Element; item: Element | null }[] = []
    for (const { paragraph, list, level } of run) {
      while (stack.length > 0 && stack[stack.length - 1].level > level) stack.pop()
      let top = stack.at(-1)
      if (top === undefined || top.level < level) {
        const opened = doc.createElement(kinds.get(`l${list}:${level}`) ?? markerKind(paragraph))
        // The outermost list takes the place of the run's first paragraph.
        if (top === undefined) paragraph.before(opened)
        else (top.item ?? top.list).appendChild(opened)
        top = { level, list: opened, item: null }
        stack.push(top)
      }
      const item = doc.createElement('li')
      paragraph.removeAttribute('style')
      item.appendChild(paragraph)
      top.list.appendChild(item)
      top.item = item
    }
  }
}
