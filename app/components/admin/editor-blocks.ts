import type { AnyExtension, Editor } from '@tiptap/core'
import {
  ImagesIcon,
  NewspaperIcon,
  TableIcon,
  PanelTopIcon,
  SeparatorHorizontalIcon,
  SquarePlayIcon,
  TextQuoteIcon,
  type LucideIcon,
} from 'lucide-react'
import type { ComponentType } from 'react'
import type { BlockDialogProps } from './blocks/block-dialog'
import { BlockPlaceholders } from './blocks/block-placeholders'
import { EMPTY_FACT_BOX, FactBox, FactBoxKeys, FactBoxTitle } from './blocks/fact-box-node'
import { insertBlock, insertDivider } from './blocks/insert-block'
import {
  EMPTY_PULL_QUOTE,
  PullQuote,
  PullQuoteAttribution,
  PullQuoteKeys,
  PullQuoteText,
} from './blocks/pull-quote-node'
import { RelatedArticleDialog } from './blocks/related-article-dialog'
import { RelatedArticle } from './blocks/related-article-node'
import { EmbedDialog } from './embed-dialog'
import { EmbedNode } from './embed-node'
import { Gallery } from './gallery-extension'
import { GalleryBlockDialog } from './rich-text-gallery-dialog'
import { BodyTable } from './table-extension'

// Every block the article editor can insert, in the order the "/" menu and the toolbar show
// them. A new block is one entry here: its TipTap nodes, and how it is inserted (at once, or
// through a dialog that asks for what it needs first). What it stores is named in
// lib/body-blocks.ts, which the sanitiser and the reader's renderers read.

export type BlockInsertion =
  /** Inserted at the caret as it is. */
  | { kind: 'now'; run: (editor: Editor) => void }
  /** A dialog asks for something first (a story to point to, a URL, images). */
  | { kind: 'dialog'; Dialog: ComponentType<BlockDialogProps> }

export interface EditorBlock {
  /** Stable id: the dialog's key, the menu option's id, tests' handle. */
  id: string
  /** The name shown in the menu and as the toolbar button's label. */
  label: string
  /** One line under the label in the "/" menu. */
  hint: string
  /** Further words the "/" menu finds it by. */
  keywords: readonly string[]
  icon: LucideIcon
  /** TipTap nodes the block adds to the editor (none when StarterKit already has it). */
  extensions: readonly AnyExtension[]
  /** The grey hint an empty field shows, by its node's name. */
  placeholders?: Readonly<Record<string, string>>
  insert: BlockInsertion
}

export const EDITOR_BLOCKS: readonly EditorBlock[] = [
  {
    id: 'pull-quote',
    label: 'Pull quote',
    hint: 'A quote set large, with who said it',
    keywords: ['quote', 'quotation', 'citation', 'attribution'],
    icon: TextQuoteIcon,
    extensions: [PullQuote, PullQuoteText, PullQuoteAttribution, PullQuoteKeys],
    placeholders: { pullQuoteText: 'Quote', pullQuoteAttribution: 'Who said it (optional)' },
    insert: { kind: 'now', run: (editor) => insertBlock(editor, EMPTY_PULL_QUOTE) },
  },
  {
    id: 'fact-box',
    label: 'Fact box',
    hint: 'A titled box: What we know, Key facts',
    keywords: ['facts', 'aside', 'box', 'callout', 'what we know', 'key facts', 'summary'],
    icon: PanelTopIcon,
    extensions: [FactBox, FactBoxTitle, FactBoxKeys],
    placeholders: { factBoxTitle: 'Title, e.g. What we know' },
    insert: { kind: 'now', run: (editor) => insertBlock(editor, EMPTY_FACT_BOX) },
  },
  {
    id: 'divider',
    label: 'Divider',
    hint: 'A line between sections',
    keywords: ['separator', 'rule', 'hr', 'line', 'break'],
    icon: SeparatorHorizontalIcon,
    // StarterKit's horizontal rule.
    extensions: [],
    insert: { kind: 'now', run: insertDivider },
  },
  {
    id: 'related-article',
    label: 'Related article',
    hint: 'A card for another of our stories',
    keywords: ['related', 'story', 'link', 'card', 'read more', 'see also'],
    icon: NewspaperIcon,
    extensions: [RelatedArticle],
    insert: { kind: 'dialog', Dialog: RelatedArticleDialog },
  },
  {
    // A supported address pasted alone on a line becomes one too (embed-node.ts).
    id: 'embed',
    label: 'Embed',
    hint: 'A post, video, map or chart from another site; or a link card',
    keywords: [
      'video',
      'youtube',
      'vimeo',
      'x',
      'twitter',
      'tweet',
      'instagram',
      'tiktok',
      'bluesky',
      'mastodon',
      'facebook',
      'spotify',
      'soundcloud',
      'podcast',
      'map',
      'chart',
      'datawrapper',
      'flourish',
      'documentcloud',
      'document',
      'link card',
      'bookmark',
      'url',
    ],
    icon: SquarePlayIcon,
    extensions: [EmbedNode],
    insert: { kind: 'dialog', Dialog: EmbedDialog },
  },
  {
    id: 'table',
    label: 'Table',
    hint: 'Rows and columns under a header row',
    keywords: ['grid', 'rows', 'columns', 'results', 'standings', 'spreadsheet'],
    icon: TableIcon,
    extensions: [BodyTable],
    insert: { kind: 'now', run: (editor) => void editor.chain().focus().insertTable().run() },
  },
  {
    id: 'gallery',
    label: 'Gallery',
    hint: 'Several images in a grid, each with its caption and credit',
    keywords: ['images', 'photos', 'pictures', 'slideshow', 'lightbox'],
    icon: ImagesIcon,
    extensions: [Gallery],
    insert: { kind: 'dialog', Dialog: GalleryBlockDialog },
  },
]

/** The extensions all blocks need, once each, with the empty fields' hints. */
export function blockExtensions(): AnyExtension[] {
  const placeholders = Object.assign({}, ...EDITOR_BLOCKS.map((block) => block.placeholders))
  return [
    ...EDITOR_BLOCKS.flatMap((block) => block.extensions),
    BlockPlaceholders.configure({ placeholders }),
  ]
}

/** The blocks whose label or keywords hold `query` (the words after "/"), best first. */
export function findBlocks(query: string, blocks: readonly EditorBlock[] = EDITOR_BLOCKS) {
  const wanted = query.trim().toLowerCase()
  if (wanted === '') return [...blocks]
  const byLabel = blocks.filter((b) => b.label.toLowerCase().startsWith(wanted))
  const byWords = blocks.filter(
    (b) =>
      !byLabel.includes(b) &&
      [b.label, ...b.keywords].some((word) => word.toLowerCase().includes(wanted)),
  )
  return [...byLabel, ...byWords]
}
