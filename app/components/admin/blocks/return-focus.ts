import type { Editor } from '@tiptap/core'

/**
 * Back to the text when a dialog closes, with the editor's own selection (Radix would focus
 * whatever had focus before, and a bare focus() on the editable puts the caret elsewhere).
 */
export function returnFocus(event: Event, editor: Editor) {
  event.preventDefault()
  editor.commands.focus()
}
