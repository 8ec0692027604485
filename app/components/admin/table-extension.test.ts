import { getSchema } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { EditorState, TextSelection, type Command } from '@tiptap/pm/state'
import {
  addColumnAfter,
  addRowAfter,
  deleteColumn,
  goToNextCell,
  TableMap,
  toggleHeaderRow,
} from '@tiptap/pm/tables'
import type { Node as PmNode } from '@tiptap/pm/model'
import { describe, expect, it } from 'vitest'
import { ariaShortcut } from './rich-text-table-tools'
import { BodyTable, spanOf } from './table-extension'

// The editor's behaviour with keys and buttons is covered in the browser
// (tests/e2e/admin/article-table.spec.ts); here, the schema prosemirror-tables works on.

const schema = getSchema([StarterKit, BodyTable])

const cell = (type: 'tableHeader' | 'tableCell', text: string, attrs = {}) => ({
  type,
  attrs,
  content: [{ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] }],
})

function tableDoc(caption = '') {
  return schema.nodeFromJSON({
    type: 'doc',
    content: [
      {
        type: 'table',
        attrs: { caption },
        content: [
          { type: 'tableRow', content: [cell('tableHeader', 'Team'), cell('tableHeader', 'Pts')] },
          { type: 'tableRow', content: [cell('tableCell', 'Ajax'), cell('tableCell', '3')] },
        ],
      },
    ],
  })
}

/** A state with the caret in the first cell's text. */
function inFirstCell(doc: PmNode) {
  return EditorState.create({ doc, selection: TextSelection.create(doc, 4) })
}

function apply(state: EditorState, command: Command) {
  let next = state
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true)
  return next
}

function texts(doc: PmNode) {
  const table = doc.firstChild!
  const rows: string[][] = []
  table.forEach((row) => {
    const cells: string[] = []
    row.forEach((c) =>
      cells.push(`${c.type.name === 'tableHeader' ? 'th' : 'td'}:${c.textContent}`),
    )
    rows.push(cells)
  })
  return rows
}

describe('the body table’s schema', () => {
  it('gives each node the table role prosemirror-tables looks for', () => {
    expect(schema.nodes.table.spec.tableRole).toBe('table')
    expect(schema.nodes.tableRow.spec.tableRole).toBe('row')
    expect(schema.nodes.tableHeader.spec.tableRole).toBe('header_cell')
    expect(schema.nodes.tableCell.spec.tableRole).toBe('cell')
    expect(TableMap.get(tableDoc().firstChild!).width).toBe(2)
  })

  it('moves to the next cell and adds rows and columns with prosemirror-tables', () => {
    let state = inFirstCell(tableDoc())
    state = apply(state, goToNextCell(1))
    expect(state.selection.$from.parent.textContent).toBe('Pts')
    state = apply(state, addRowAfter)
    state = apply(state, addColumnAfter)
    expect(texts(state.doc)).toEqual([
      ['th:Team', 'th:Pts', 'th:'],
      ['td:', 'td:', 'td:'],
      ['td:Ajax', 'td:3', 'td:'],
    ])
    // The caret is still in "Pts": its column goes.
    state = apply(state, deleteColumn)
    expect(texts(state.doc)[0]).toEqual(['th:Team', 'th:'])
    state = apply(state, toggleHeaderRow)
    expect(texts(state.doc)[0]).toEqual(['td:Team', 'td:'])
  })

  it('writes a caption only when it has one, and the rows in a tbody', () => {
    const toDOM = schema.nodes.table.spec.toDOM!
    expect(toDOM(tableDoc('Results').firstChild!)).toEqual([
      'table',
      ['caption', 'Results'],
      ['tbody', 0],
    ])
    expect(toDOM(tableDoc().firstChild!)).toEqual(['table', ['tbody', 0]])
  })

  it('writes a span only when a cell spans, and never a width', () => {
    const toDOM = schema.nodes.tableCell.spec.toDOM!
    const spanning = schema.nodeFromJSON(cell('tableCell', 'x', { colspan: 2, colwidth: [90] }))
    expect(toDOM(spanning)).toEqual(['td', { colspan: '2' }, 0])
    expect(toDOM(schema.nodeFromJSON(cell('tableCell', 'x')))).toEqual(['td', {}, 0])
  })

  it('reads the caption as the table’s attribute, not as a row', () => {
    const rules = schema.nodes.table.spec.parseDOM!
    expect(rules).toContainEqual(expect.objectContaining({ tag: 'caption', ignore: true }))
  })
})

describe('spanOf', () => {
  it('keeps 1 to 99 and reads anything else as 1', () => {
    expect([
      spanOf('2'),
      spanOf('99'),
      spanOf('100'),
      spanOf('0'),
      spanOf('x'),
      spanOf(null),
    ]).toEqual([2, 99, 1, 1, 1, 1])
  })
})

describe('ariaShortcut', () => {
  it('writes TipTap shortcuts as aria-keyshortcuts does', () => {
    expect(ariaShortcut('Mod-Alt-ArrowDown')).toBe('Control+Alt+ArrowDown')
    expect(ariaShortcut('Mod-Alt-t')).toBe('Control+Alt+T')
  })
})
