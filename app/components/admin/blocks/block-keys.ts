import type { Editor } from '@tiptap/core'
import { TextSelection, type Transaction } from '@tiptap/pm/state'

// Enter inside a block's fields moves on rather than splitting them: from a pull quote's words
// to its attribution, from a fact box's title to its text, and out of the block from its last
// field (or from an empty last paragraph of a fact box, as out of a list).

/**
 * A line break (Shift-Enter, Mod-Enter) in a one-line field (a pull quote's words or
 * attribution, a fact box's title) does nothing: the field holds no break, and StarterKit's
 * command put one after the block and a second, empty block after it. The key is still taken,
 * so a form's own Ctrl+Enter (the live desk's "Publish") goes on as usual.
 */
export function noBreakIn(editor: Editor, fields: readonly string[]): boolean {
  return fields.includes(editor.state.selection.$from.parent.type.name)
}

/** Moves the caret into the field after the one it is in; false when there is none. */
export function enterNextField(editor: Editor, field: string): boolean {
  const { state } = editor
  const { $from, empty } = state.selection
  if (!empty || $from.parent.type.name !== field) return false
  const after = $from.after()
  if (state.doc.resolve(after).nodeAfter?.isTextblock) {
    return editor.commands.setTextSelection(after + 1)
  }
  return leaveBlock(editor, state.tr, $from.after($from.depth - 1))
}

/** Enter on an empty last paragraph of `block`: the paragraph goes, the caret after the block. */
export function enterLeavesFrom(editor: Editor, block: string): boolean {
  const { state } = editor
  const { $from, empty } = state.selection
  const depth = $from.depth - 1
  if (!empty || depth < 1 || $from.node(depth).type.name !== block) return false
  const container = $from.node(depth)
  const paragraph = $from.parent
  const isLast = $from.index(depth) === container.childCount - 1
  if (paragraph.type.name !== 'paragraph' || paragraph.content.size > 0 || !isLast) return false
  const tr = state.tr
  // A box keeps its one paragraph (its content asks for one); a later empty one is dropped.
  if (container.childCount > 2) tr.delete($from.before(), $from.after())
  return leaveBlock(editor, tr, tr.mapping.map($from.after(depth)))
}

/** The caret into the paragraph at `after` (just after a block), made when missing. */
export function leaveBlock(editor: Editor, tr: Transaction, after: number): boolean {
  if (tr.doc.resolve(after).nodeAfter?.type.name !== 'paragraph') {
    tr.insert(after, editor.schema.nodes.paragraph.create())
  }
  tr.setSelection(TextSelection.create(tr.doc, after + 1))
  editor.view.dispatch(tr.scrollIntoView())
  return true
}
