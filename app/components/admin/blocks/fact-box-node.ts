import { Extension, Node } from '@tiptap/core'
import { BODY_BLOCKS } from '~/lib/body-blocks'
import { enterLeavesFrom, enterNextField, noBreakIn } from './block-keys'

// A fact box: a titled aside ("What we know", "Key facts") holding paragraphs and lists.
// Stored as <aside data-block="fact-box"><h3>Title</h3>…</aside> (lib/body-blocks.ts).

const { tag, name } = BODY_BLOCKS.factBox

export const FactBox = Node.create({
  name: 'factBox',
  group: 'block',
  content: 'factBoxTitle (paragraph | bulletList | orderedList)+',
  defining: true,
  isolating: true,
  parseHTML: () => [{ tag: `${tag}[data-block="${name}"]` }],
  renderHTML: () => [tag, { 'data-block': name }, 0],
})

export const FactBoxTitle = Node.create({
  name: 'factBoxTitle',
  content: 'text*',
  marks: '',
  defining: true,
  // The box's own heading; a heading anywhere else stays StarterKit's.
  parseHTML: () => [{ tag: 'h3', context: 'factBox/', priority: 60 }],
  renderHTML: () => ['h3', 0],
})

/** What the "/" menu and the toolbar insert: a box with an empty title and one paragraph. */
export const EMPTY_FACT_BOX = {
  type: 'factBox',
  content: [{ type: 'factBoxTitle' }, { type: 'paragraph' }],
}

// Ahead of StarterKit's Enter (split the block) and line break (in the title), which would
// break the block's shape.
export const FactBoxKeys = Extension.create({
  name: 'factBoxKeys',
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) =>
        enterNextField(editor, 'factBoxTitle') || enterLeavesFrom(editor, 'factBox'),
      'Shift-Enter': ({ editor }) => noBreakIn(editor, ['factBoxTitle']),
      'Mod-Enter': ({ editor }) => noBreakIn(editor, ['factBoxTitle']),
    }
  },
})
