import type { Editor, JSONContent } from '@tiptap/core'
import { TextSelection } from '@tiptap/pm/state'
import { leaveBlock } from './block-keys'

/**
 * Puts a block at the caret (in place of the paragraph when that is empty, as after "/…"),
 * and the caret in the block's first text when it has one (a pull quote's words, a fact
 * box's title), so typing fills it at once.
 */
export function insertBlock(editor: Editor, content: JSONContent) {
  const from = editor.state.selection.from
  editor.chain().focus().insertContent(content).run()
  let at = -1
  editor.state.doc.descendants((node, pos) => {
    if (at >= 0) return false
    // The empty paragraph it replaced began one before the caret.
    if (node.type.name === content.type && pos >= from - 1) at = pos
    return at < 0
  })
  const inserted = at >= 0 ? editor.state.doc.nodeAt(at) : null
  if (!inserted) return
  if (inserted.firstChild?.isTextblock) editor.commands.setTextSelection(at + 2)
  // A block with nothing to type in (a card) would stay selected, and the next key replace
  // it: writing goes on in the paragraph after it.
  else leaveBlock(editor, editor.state.tr, at + inserted.nodeSize)
}

/**
 * A divider at the caret: in place of an empty paragraph (as after "/…"), with a paragraph
 * after it to write on; anywhere else as StarterKit's own command puts it.
 */
export function insertDivider(editor: Editor) {
  const { state } = editor
  const { $from, empty } = state.selection
  const paragraph = $from.parent
  if (!empty || paragraph.type.name !== 'paragraph' || paragraph.content.size > 0) {
    editor.chain().focus().setHorizontalRule().run()
    return
  }
  const { horizontalRule, paragraph: paragraphType } = state.schema.nodes
  const start = $from.before()
  const tr = state.tr.replaceWith(start, $from.after(), [
    horizontalRule.create(),
    paragraphType.create(),
  ])
  // After the rule (one position wide) and into the new paragraph.
  tr.setSelection(TextSelection.create(tr.doc, start + 2))
  editor.view.dispatch(tr.scrollIntoView())
  editor.commands.focus()
}
