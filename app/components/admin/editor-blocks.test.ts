import { getSchema } from '@tiptap/core'
import { EditorState, TextSelection } from '@tiptap/pm/state'
import StarterKit from '@tiptap/starter-kit'
import { describe, expect, it } from 'vitest'
import { blockExtensions, EDITOR_BLOCKS, findBlocks } from './editor-blocks'
import { menuPlace, slashQueryAt } from './editor-slash-menu'

const labels = (query: string) => findBlocks(query).map((block) => block.label)

describe('findBlocks', () => {
  it('lists every block for a bare "/", in the registry’s order', () => {
    expect(labels('')).toEqual(EDITOR_BLOCKS.map((block) => block.label))
  })

  it('puts blocks whose label starts with the words first, then those found by a keyword', () => {
    expect(labels('fact')[0]).toBe('Fact box')
    expect(labels('quo')).toEqual(['Pull quote'])
    expect(labels('What we KNOW')).toEqual(['Fact box'])
    expect(labels('separator')).toEqual(['Divider'])
    expect(labels('nothing like it')).toEqual([])
  })

  it('gives every block a unique id', () => {
    const ids = EDITOR_BLOCKS.map((block) => block.id)
    expect(new Set(ids).size).toBe(ids.length)
  })
})

describe('slashQueryAt', () => {
  const schema = getSchema([StarterKit, ...blockExtensions()])

  function stateWith(paragraphs: string[], caret: number) {
    const doc = schema.nodeFromJSON({
      type: 'doc',
      content: paragraphs.map((text) => ({
        type: 'paragraph',
        content: text ? [{ type: 'text', text }] : [],
      })),
    })
    return EditorState.create({ doc, selection: TextSelection.create(doc, caret) })
  }

  it('reads the words after "/" when they are the whole paragraph and the caret ends them', () => {
    // <p>Intro</p> is 7 wide; the second paragraph's text starts at 8.
    expect(slashQueryAt(stateWith(['Intro', '/pull q'], 8 + 7))).toEqual({
      query: 'pull q',
      from: 8,
      to: 15,
    })
    expect(slashQueryAt(stateWith(['/'], 2))?.query).toBe('')
  })

  it('is nothing mid-sentence, before the end of the words, or without a leading "/"', () => {
    expect(slashQueryAt(stateWith(['and/or'], 7))).toBeNull()
    expect(slashQueryAt(stateWith(['/pull'], 3))).toBeNull()
    expect(slashQueryAt(stateWith(['pull'], 5))).toBeNull()
  })
})

describe('menuPlace', () => {
  it('puts the menu under the caret when there is room for it there', () => {
    expect(menuPlace({ top: 200, bottom: 220 }, 100, 740)).toEqual({
      top: 124,
      above: false,
      maxHeight: 740 - 88 - 220 - 4,
    })
  })

  it('puts it above a caret low on the screen, no taller than the room there', () => {
    expect(menuPlace({ top: 600, bottom: 620 }, 100, 740)).toEqual({
      top: 496,
      above: true,
      maxHeight: 600 - 64 - 4,
    })
  })

  it('keeps it under a caret high on a short screen, where above has less room', () => {
    const place = menuPlace({ top: 120, bottom: 140 }, 100, 400)
    expect(place.above).toBe(false)
    expect(place.maxHeight).toBe(400 - 88 - 140 - 4)
  })
})
