import { Extension, Node } from '@tiptap/core'
import { BODY_BLOCKS } from '~/lib/body-blocks'
import { enterNextField, noBreakIn } from './block-keys'

// A pull quote: a sentence from the story set large, with an optional attribution. Stored as
// the HTML standard's quotation with a source: <figure><blockquote><p>…</p></blockquote>
// <figcaption>…</figcaption></figure> (lib/body-blocks.ts); an empty attribution is dropped
// by the sanitiser.

const { tag, name } = BODY_BLOCKS.pullQuote

export const PullQuote = Node.create({
  name: 'pullQuote',
  group: 'block',
  content: 'pullQuoteText pullQuoteAttribution',
  defining: true,
  isolating: true,
  parseHTML: () => [{ tag: `${tag}[data-block="${name}"]` }],
  renderHTML: () => [tag, { 'data-block': name }, 0],
})

export const PullQuoteText = Node.create({
  name: 'pullQuoteText',
  content: 'text*',
  marks: '',
  defining: true,
  // Only inside a pull quote: an ordinary blockquote stays StarterKit's.
  parseHTML: () => [
    {
      tag: 'blockquote',
      context: 'pullQuote/',
      priority: 60,
      contentElement: (element: HTMLElement) => element.querySelector('p') ?? element,
    },
  ],
  renderHTML: () => ['blockquote', ['p', 0]],
})

export const PullQuoteAttribution = Node.create({
  name: 'pullQuoteAttribution',
  content: 'text*',
  marks: '',
  defining: true,
  parseHTML: () => [{ tag: 'figcaption', context: 'pullQuote/', priority: 60 }],
  renderHTML: () => ['figcaption', 0],
})

/** What the "/" menu and the toolbar insert: an empty quote, the caret in its text. */
export const EMPTY_PULL_QUOTE = {
  type: 'pullQuote',
  content: [{ type: 'pullQuoteText' }, { type: 'pullQuoteAttribution' }],
}

const PULL_QUOTE_FIELDS = ['pullQuoteText', 'pullQuoteAttribution']

// Ahead of StarterKit's Enter (split the block) and line break, which would break the block's
// shape.
export const PullQuoteKeys = Extension.create({
  name: 'pullQuoteKeys',
  priority: 1000,
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) =>
        enterNextField(editor, 'pullQuoteText') || enterNextField(editor, 'pullQuoteAttribution'),
      'Shift-Enter': ({ editor }) => noBreakIn(editor, PULL_QUOTE_FIELDS),
      'Mod-Enter': ({ editor }) => noBreakIn(editor, PULL_QUOTE_FIELDS),
    }
  },
})
