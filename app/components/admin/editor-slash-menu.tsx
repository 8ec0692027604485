import { useEditorState, type Editor } from '@tiptap/react'
import type { EditorState } from '@tiptap/pm/state'
import { useEffect, useState, type RefObject } from 'react'
import { cn } from '~/lib/utils'
import { findBlocks, type EditorBlock } from './editor-blocks'

// The "/" menu: "/" typed at the start of an empty paragraph lists the blocks, the words after
// it filter them, arrows move, Enter or Tab inserts, Escape closes. The caret stays in the
// text throughout; the keys reach the menu through the editor (`keys`).

/** The "/…" being typed: its words and where its text lies in the document. */
export interface SlashQuery {
  query: string
  from: number
  to: number
}

const MAX_QUERY = 40

/** The "/…" the caret ends, when it is all of a top-level paragraph; else null. */
export function slashQueryAt(state: EditorState): SlashQuery | null {
  const { selection } = state
  if (!selection.empty) return null
  const { $from } = selection
  const paragraph = $from.parent
  if (paragraph.type.name !== 'paragraph' || $from.depth !== 1) return null
  const text = paragraph.textContent
  // Text alone (no image or line break in it), the caret at its end.
  if (!text.startsWith('/') || paragraph.content.size !== text.length) return null
  if ($from.parentOffset !== text.length || text.length > MAX_QUERY + 1) return null
  return { query: text.slice(1), from: $from.start(), to: $from.end() }
}

/**
 * Where the menu goes: under the caret when there is room for it there, else above it (a
 * caret low on a phone's screen, over the editor's sticky bottom bar), no taller than the room
 * it has; it scrolls inside. Screen pixels kept clear: the admin header at the top, the
 * publish bar a phone's form keeps at the bottom (article-publish-bar.tsx).
 */
const KEEP_CLEAR_TOP = 64
const KEEP_CLEAR_BOTTOM = 88
/** A menu with less room than this under the caret goes above it, if there is more room there. */
const MENU_ROOM = 240
const GAP = 4

export function menuPlace(
  caret: { top: number; bottom: number },
  frameTop: number,
  viewportHeight: number,
): { top: number; above: boolean; maxHeight: number } {
  const below = viewportHeight - KEEP_CLEAR_BOTTOM - caret.bottom - GAP
  const over = caret.top - KEEP_CLEAR_TOP - GAP
  const above = below < MENU_ROOM && over > below
  return above
    ? { top: caret.top - frameTop - GAP, above, maxHeight: Math.max(over, 120) }
    : { top: caret.bottom - frameTop + GAP, above, maxHeight: Math.max(below, 120) }
}

/** Handles a key the editor received; true when the menu took it. */
export type MenuKeys = (event: KeyboardEvent) => boolean

interface Shown {
  slash: SlashQuery
  top: number
  left: number
  above: boolean
  maxHeight: number
}

export function SlashMenu({
  editor,
  keys,
  onChoose,
}: {
  editor: Editor
  keys: RefObject<MenuKeys | null>
  /** Inserts the block (or opens its dialog) once the "/…" text is gone. */
  onChoose: (block: EditorBlock) => void
}) {
  const shown = useEditorState({
    editor,
    selector: ({ editor: e }): Shown | null => {
      if (!e || e.isDestroyed) return null
      const slash = slashQueryAt(e.state)
      if (!slash) return null
      const caret = e.view.coordsAtPos(slash.from)
      const frame = e.view.dom.getBoundingClientRect()
      return {
        slash,
        left: caret.left - frame.left,
        ...menuPlace(caret, frame.top, window.innerHeight),
      }
    },
    equalityFn: (a, b) =>
      a === b ||
      (a !== null &&
        b !== null &&
        a.slash.query === b.slash.query &&
        a.slash.from === b.slash.from &&
        a.top === b.top &&
        a.left === b.left &&
        a.maxHeight === b.maxHeight),
  })
  // Escape closes the menu for this "/…"; typing on opens it again.
  const [dismissed, setDismissed] = useState<string | null>(null)
  const [picked, setPicked] = useState({ query: '', index: 0 })
  const key = shown ? `${shown.slash.from}:${shown.slash.query}` : null
  const blocks = shown ? findBlocks(shown.slash.query) : []
  const open = shown !== null && key !== dismissed && blocks.length > 0
  const index =
    shown && picked.query === shown.slash.query ? Math.min(picked.index, blocks.length - 1) : 0

  function choose(block: EditorBlock) {
    if (!shown) return
    editor.chain().focus().deleteRange({ from: shown.slash.from, to: shown.slash.to }).run()
    onChoose(block)
  }

  useEffect(() => {
    keys.current = (event) => {
      if (!open || !shown) return false
      const move = (by: number) =>
        setPicked({
          query: shown.slash.query,
          index: (index + by + blocks.length) % blocks.length,
        })
      switch (event.key) {
        case 'ArrowDown':
          move(1)
          return true
        case 'ArrowUp':
          move(-1)
          return true
        case 'Enter':
        case 'Tab':
          choose(blocks[index])
          return true
        case 'Escape':
          setDismissed(key)
          return true
        default:
          return false
      }
    }
    return () => {
      keys.current = null
    }
  })

  // The option picked by the arrows stays in view when the menu scrolls.
  const pickedId = open ? blocks[index]?.id : undefined
  useEffect(() => {
    if (pickedId)
      document.getElementById(`rte-block-option-${pickedId}`)?.scrollIntoView({ block: 'nearest' })
  }, [pickedId])

  if (!open) return null
  return (
    <div
      role="listbox"
      id="rte-block-menu"
      aria-label="Insert block"
      data-side={shown.above ? 'top' : 'bottom'}
      style={{ top: shown.top, left: shown.left, maxHeight: shown.maxHeight }}
      className="absolute z-20 w-72 max-w-[calc(100%-1rem)] overflow-y-auto overscroll-contain rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md data-[side=top]:-translate-y-full"
    >
      {blocks.map((block, i) => (
        <div
          key={block.id}
          id={`rte-block-option-${block.id}`}
          role="option"
          aria-selected={i === index}
          // The caret stays in the text while the mouse picks.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => choose(block)}
          className={cn(
            'flex cursor-pointer items-start gap-2 rounded-sm px-2 py-1.5 text-sm',
            i === index && 'bg-accent text-accent-foreground',
          )}
        >
          <block.icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="block font-medium">{block.label}</span>
            <span className="block text-xs text-muted-foreground">{block.hint}</span>
          </span>
        </div>
      ))}
    </div>
  )
}
