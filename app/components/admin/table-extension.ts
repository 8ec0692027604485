import { Extension, getExtensionField, Node, type CommandProps } from '@tiptap/react'
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  deleteColumn,
  deleteRow,
  deleteTable,
  findTable,
  goToNextCell,
  isInTable,
  tableEditing,
  toggleHeaderRow,
} from '@tiptap/pm/tables'
import { TextSelection, type Command as PmCommand, type EditorState } from '@tiptap/pm/state'

// Tables in the body (issue 40), built on prosemirror-tables (shipped inside @tiptap/pm) rather
// than @tiptap/extension-table: docs/decisions/0049-tables-and-galleries.md says why. The stored
// HTML is what the sanitiser allows: <table>, an optional <caption> of plain text, <tbody>,
// <tr>, <th>/<td> of paragraphs, colspan/rowspan when a cell spans. No widths, no styles: the
// reader's page lays the table out and lets it scroll sideways on a phone.

/** Rows and columns of a new table; its first row is the header row. */
export const NEW_TABLE = { rows: 3, columns: 3 }

/** The shortcuts, also shown on the toolbar buttons (aria-keyshortcuts). */
export const TABLE_SHORTCUTS = {
  insertTable: 'Mod-Alt-t',
  addRowAfter: 'Mod-Alt-ArrowDown',
  addRowBefore: 'Mod-Alt-ArrowUp',
  addColumnAfter: 'Mod-Alt-ArrowRight',
  addColumnBefore: 'Mod-Alt-ArrowLeft',
  deleteRow: 'Mod-Alt-Backspace',
  deleteColumn: 'Mod-Alt-Shift-Backspace',
} as const

/** A spanning count as the sanitiser keeps it (1 to 99); anything else reads as 1. */
export function spanOf(value: string | null): number {
  return value && /^[1-9]\d?$/.test(value) ? Number(value) : 1
}

function cellAttributes() {
  return {
    colspan: {
      default: 1,
      parseHTML: (element: HTMLElement) => spanOf(element.getAttribute('colspan')),
      renderHTML: (attrs: Record<string, unknown>) =>
        attrs.colspan === 1 ? {} : { colspan: String(attrs.colspan) },
    },
    rowspan: {
      default: 1,
      parseHTML: (element: HTMLElement) => spanOf(element.getAttribute('rowspan')),
      renderHTML: (attrs: Record<string, unknown>) =>
        attrs.rowspan === 1 ? {} : { rowspan: String(attrs.rowspan) },
    },
    // prosemirror-tables' commands read it; never written (readers' pages size columns).
    colwidth: { default: null, rendered: false },
  }
}

export const TableCell = Node.create({
  name: 'tableCell',
  content: 'paragraph+',
  tableRole: 'cell',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
})

export const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'paragraph+',
  tableRole: 'header_cell',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
})

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  tableRole: 'row',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
})

/** The caption text of a <table> (plain text, spaces collapsed), '' for none. */
export function captionOf(table: HTMLElement): string {
  const caption = Array.from(table.children).find((child) => child.tagName === 'CAPTION')
  return caption?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
}

function run(command: PmCommand) {
  return ({ state, dispatch }: CommandProps) => command(state, dispatch)
}

/** A table of `rows` × `columns` empty cells, the first row of headers. */
function newTable(state: EditorState, rows: number, columns: number) {
  const { tableRow, tableCell, tableHeader, table } = state.schema.nodes
  const cell = (type: typeof tableCell) => type.createAndFill()!
  const body = Array.from({ length: rows }, (_, row) =>
    tableRow.create(
      null,
      Array.from({ length: columns }, () => cell(row === 0 ? tableHeader : tableCell)),
    ),
  )
  return table.create({ caption: '' }, body)
}

declare module '@tiptap/core' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merged declaration must repeat TipTap's type parameters, used or not
  interface NodeConfig<Options, Storage> {
    /** The part a node plays in a table, for prosemirror-tables (its schema's `tableRole`). */
    tableRole?: string
  }

  interface Commands<ReturnType> {
    bodyTable: {
      insertTable: (size?: { rows: number; columns: number }) => ReturnType
      addRowAfter: () => ReturnType
      addRowBefore: () => ReturnType
      addColumnAfter: () => ReturnType
      addColumnBefore: () => ReturnType
      deleteRow: () => ReturnType
      deleteColumn: () => ReturnType
      deleteTable: () => ReturnType
      toggleHeaderRow: () => ReturnType
      setTableCaption: (caption: string) => ReturnType
      goToNextCell: () => ReturnType
      goToPreviousCell: () => ReturnType
    }
  }
}

export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  tableRole: 'table',
  isolating: true,
  addAttributes() {
    return {
      caption: {
        default: '',
        parseHTML: (element: HTMLElement) => captionOf(element),
        rendered: false,
      },
    }
  },
  parseHTML() {
    // The caption is the table's attribute, read above; its text is no row.
    return [{ tag: 'table' }, { tag: 'caption', ignore: true }]
  },
  renderHTML({ node }) {
    const caption = String(node.attrs.caption ?? '')
    return caption ? ['table', ['caption', caption], ['tbody', 0]] : ['table', ['tbody', 0]]
  },
  // In the editor the caption is shown but not typed into (the toolbar's "Table caption"
  // sets it), and a wide table scrolls inside the editor rather than widening the form.
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('div')
      dom.className = 'table-scroll'
      const table = document.createElement('table')
      const caption = document.createElement('caption')
      caption.contentEditable = 'false'
      const tbody = document.createElement('tbody')
      table.append(caption, tbody)
      dom.append(table)
      const showCaption = (text: string) => {
        caption.textContent = text
        caption.hidden = text === ''
      }
      showCaption(String(node.attrs.caption ?? ''))
      return {
        dom,
        contentDOM: tbody,
        update: (updated) => {
          if (updated.type !== node.type) return false
          showCaption(String(updated.attrs.caption ?? ''))
          return true
        },
        ignoreMutation: (mutation) =>
          mutation.type !== 'selection' && caption.contains(mutation.target),
      }
    }
  },
  addCommands() {
    return {
      insertTable:
        (size = NEW_TABLE) =>
        ({ state, tr, dispatch }) => {
          if (isInTable(state)) return false
          if (dispatch) {
            const table = newTable(state, size.rows, size.columns)
            tr.replaceSelectionWith(table)
            // The caret goes into the first header cell, ready to type: the new table is the
            // last one starting before the selection, which stands right after what was put in.
            let tablePos = -1
            tr.doc.nodesBetween(0, tr.selection.from, (child, pos) => {
              if (child.type === table.type) tablePos = pos
              return child.type !== table.type
            })
            if (tablePos >= 0) tr.setSelection(TextSelection.near(tr.doc.resolve(tablePos + 1), 1))
            tr.scrollIntoView()
          }
          return true
        },
      addRowAfter: () => run(addRowAfter),
      addRowBefore: () => run(addRowBefore),
      addColumnAfter: () => run(addColumnAfter),
      addColumnBefore: () => run(addColumnBefore),
      deleteRow: () => run(deleteRow),
      deleteColumn: () => run(deleteColumn),
      deleteTable: () => run(deleteTable),
      toggleHeaderRow: () => run(toggleHeaderRow),
      setTableCaption:
        (caption) =>
        ({ state, tr, dispatch }) => {
          const table = findTable(state.selection.$from)
          if (!table) return false
          if (dispatch) {
            tr.setNodeAttribute(table.pos, 'caption', caption.replace(/\s+/g, ' ').trim())
          }
          return true
        },
      goToNextCell: () => run(goToNextCell(1)),
      goToPreviousCell: () => run(goToNextCell(-1)),
    }
  },
  addKeyboardShortcuts() {
    return {
      // Tab in the last cell adds a row, as in a word processor; outside a table Tab leaves
      // the editor as usual (the keymap only answers inside one).
      Tab: () => {
        if (!isInTable(this.editor.state)) return false
        if (this.editor.commands.goToNextCell()) return true
        return this.editor.chain().addRowAfter().goToNextCell().run()
      },
      'Shift-Tab': () => isInTable(this.editor.state) && this.editor.commands.goToPreviousCell(),
      [TABLE_SHORTCUTS.insertTable]: () => this.editor.commands.insertTable(),
      [TABLE_SHORTCUTS.addRowAfter]: () => this.editor.commands.addRowAfter(),
      [TABLE_SHORTCUTS.addRowBefore]: () => this.editor.commands.addRowBefore(),
      [TABLE_SHORTCUTS.addColumnAfter]: () => this.editor.commands.addColumnAfter(),
      [TABLE_SHORTCUTS.addColumnBefore]: () => this.editor.commands.addColumnBefore(),
      [TABLE_SHORTCUTS.deleteRow]: () => this.editor.commands.deleteRow(),
      [TABLE_SHORTCUTS.deleteColumn]: () => this.editor.commands.deleteColumn(),
    }
  },
  addProseMirrorPlugins() {
    return [tableEditing()]
  },
})

/** Everything a body table needs, for the editor's extension list. */
export const BodyTable = Extension.create({
  name: 'bodyTable',
  addExtensions: () => [Table, TableRow, TableHeader, TableCell],
  // Hands each node's tableRole to its schema, where prosemirror-tables looks for it.
  extendNodeSchema(extension) {
    const role = getExtensionField<string | undefined>(extension, 'tableRole')
    return role ? { tableRole: role } : {}
  },
})
