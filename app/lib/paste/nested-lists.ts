// Google Docs (and other sources) write a nested list as a sibling of the items, straight
// inside the outer list (`<ol><li>1</li><ol><li>1.1</li></ol></ol>`), which is not valid
// HTML: a browser or ProseMirror would make each such list an item of its own, or drop it.

const LIST_TAGS = new Set(['ul', 'ol'])

function isList(node: Node): node is Element {
  return node.nodeType === 1 && LIST_TAGS.has((node as Element).localName)
}

/**
 * Moves every list that sits directly in a list into the item before it. A list with no item
 * before it (a jump of several levels at once) gives its items to the outer list, so the
 * depth grows one level at a time and no empty items appear.
 */
export function nestListsInItems(root: Element): void {
  // Innermost first, so a list is whole before it moves.
  const lists = Array.from(root.querySelectorAll('ul, ol')).reverse()
  for (const list of lists) {
    let previousItem: Element | null = null
    for (const child of Array.from(list.childNodes)) {
      if (child.nodeType === 1 && (child as Element).localName === 'li') {
        previousItem = child as Element
      } else if (isList(child)) {
        if (previousItem !== null) previousItem.appendChild(child)
        else {
          const items = Array.from(child.childNodes)
          child.replaceWith(...items)
          previousItem =
            items.filter((item): item is Element => item.nodeType === 1).at(-1) ?? previousItem
        }
      } else if (child.nodeType === 3 && (child.textContent ?? '').trim() === '') {
        child.remove()
      }
    }
  }
}
