import { useEditorState, type Editor } from '@tiptap/react'
import { findTable, isInTable } from '@tiptap/pm/tables'
import {
  BetweenHorizontalEndIcon,
  BetweenVerticalEndIcon,
  CaptionsIcon,
  PanelTopIcon,
  TableColumnsSplitIcon,
  TableRowsSplitIcon,
  Trash2Icon,
  type LucideIcon,
} from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldDescription } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { TABLE_SHORTCUTS } from './table-extension'

// The toolbar's table buttons: inside a table (the "Table" block of editor-blocks.ts inserts
// one) the buttons that change it appear, each naming its keyboard shortcut
// (table-extension.ts) for aria-keyshortcuts.

/** TipTap's "Mod-Alt-ArrowDown" as ARIA writes it ("Control+Alt+ArrowDown"). */
export function ariaShortcut(shortcut: string): string {
  return shortcut
    .split('-')
    .map((key) => (key === 'Mod' ? 'Control' : key.length === 1 ? key.toUpperCase() : key))
    .join('+')
}

interface TableState {
  inTable: boolean
  caption: string
  headerRow: boolean
}

function tableState(editor: Editor): TableState {
  const { state } = editor
  const table = isInTable(state) ? findTable(state.selection.$from) : undefined
  const firstRow = table?.node.firstChild
  return {
    inTable: table !== undefined,
    caption: String(table?.node.attrs.caption ?? ''),
    headerRow:
      firstRow !== undefined &&
      firstRow !== null &&
      firstRow.childCount > 0 &&
      Array.from({ length: firstRow.childCount }, (_, i) => firstRow.child(i)).every(
        (cell) => cell.type.name === 'tableHeader',
      ),
  }
}

export function TableTools({
  editor,
  disabled,
  ToolButton,
}: {
  editor: Editor | null
  disabled: boolean
  ToolButton: (props: {
    label: string
    icon: LucideIcon
    pressed?: boolean
    disabled?: boolean
    shortcut?: string
    onClick: () => void
  }) => React.ReactNode
}) {
  const [captionOpen, setCaptionOpen] = useState(false)
  const state = useEditorState({
    editor,
    selector: ({ editor: fromSnapshot }) => {
      const e = fromSnapshot ?? editor
      return e ? tableState(e) : null
    },
  })
  const chain = () => editor!.chain().focus()
  const inTable = !disabled && state?.inTable === true

  return (
    <>
      {inTable ? (
        <span role="group" aria-label="Table" className="contents">
          <ToolButton
            label="Add row below"
            icon={BetweenHorizontalEndIcon}
            shortcut={TABLE_SHORTCUTS.addRowAfter}
            onClick={() => chain().addRowAfter().run()}
          />
          <ToolButton
            label="Remove row"
            icon={TableRowsSplitIcon}
            shortcut={TABLE_SHORTCUTS.deleteRow}
            onClick={() => chain().deleteRow().run()}
          />
          <ToolButton
            label="Add column right"
            icon={BetweenVerticalEndIcon}
            shortcut={TABLE_SHORTCUTS.addColumnAfter}
            onClick={() => chain().addColumnAfter().run()}
          />
          <ToolButton
            label="Remove column"
            icon={TableColumnsSplitIcon}
            shortcut={TABLE_SHORTCUTS.deleteColumn}
            onClick={() => chain().deleteColumn().run()}
          />
          <ToolButton
            label="Header row"
            icon={PanelTopIcon}
            pressed={state.headerRow}
            onClick={() => chain().toggleHeaderRow().run()}
          />
          <ToolButton
            label="Table caption"
            icon={CaptionsIcon}
            onClick={() => setCaptionOpen(true)}
          />
          <ToolButton
            label="Delete table"
            icon={Trash2Icon}
            onClick={() => chain().deleteTable().run()}
          />
        </span>
      ) : null}
      {editor && captionOpen ? (
        <CaptionDialog
          editor={editor}
          initial={state?.caption ?? ''}
          onClose={() => setCaptionOpen(false)}
        />
      ) : null}
    </>
  )
}

/** The caption of the table the caret is in: plain text, shown above the table to readers. */
function CaptionDialog({
  editor,
  initial,
  onClose,
}: {
  editor: Editor
  initial: string
  onClose: () => void
}) {
  const [caption, setCaption] = useState(initial)

  function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog is portalled, but React events still bubble to the article form.
    event.stopPropagation()
    editor.chain().focus().setTableCaption(caption).run()
    onClose()
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          editor.commands.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Table caption</DialogTitle>
          <DialogDescription>
            Says what the table shows; readers see it above the table.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={apply} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="rte-table-caption">Caption</Label>
            <Input
              id="rte-table-caption"
              value={caption}
              maxLength={300}
              autoFocus
              aria-describedby="rte-table-caption-help"
              onChange={(event) => setCaption(event.target.value)}
            />
            <FieldDescription id="rte-table-caption-help">
              Leave empty for a table without a caption.
            </FieldDescription>
          </Field>
          <DialogFooter>
            <Button type="submit">Save caption</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
