import type { Editor } from '@tiptap/core'

/** What a block's dialog is given (editor-blocks.ts); it inserts the block itself and closes. */
export interface BlockDialogProps {
  editor: Editor
  open: boolean
  onOpenChange: (open: boolean) => void
}
