import { describe, expect, it } from 'vitest'
import { dedupeBlocks } from './front-page'

const stories = (...ids: number[]) => ids.map((id) => ({ id }))
const ids = (blocks: { id: number }[][]) => blocks.map((block) => block.map((s) => s.id))

describe('dedupeBlocks', () => {
  it('shows a story once, in the first block that has it, in page order', () => {
    const result = dedupeBlocks([
      { candidates: stories(1), size: 1 },
      { candidates: stories(1, 2, 3, 4), size: 3 },
      { candidates: stories(2, 5, 1, 6, 7), size: 3 },
    ])
    expect(ids(result)).toEqual([[1], [2, 3, 4], [5, 6, 7]])
  })

  it('fills a block from its next candidates so it keeps its size', () => {
    const result = dedupeBlocks([
      { candidates: stories(10, 11, 12), size: 3 },
      { candidates: stories(10, 11, 12, 13, 14, 15), size: 3 },
    ])
    expect(ids(result)).toEqual([
      [10, 11, 12],
      [13, 14, 15],
    ])
  })

  it('leaves a block short, or empty, when its candidates run out', () => {
    const result = dedupeBlocks([
      { candidates: stories(1, 2), size: 2 },
      { candidates: stories(2, 3), size: 3 },
      { candidates: stories(1, 3), size: 3 },
    ])
    expect(ids(result)).toEqual([[1, 2], [3], []])
  })

  it('drops a repeat within one block and keeps the candidates’ order', () => {
    const result = dedupeBlocks([{ candidates: stories(4, 4, 2, 9), size: 3 }])
    expect(ids(result)).toEqual([[4, 2, 9]])
  })

  it('never shows an id twice across many overlapping blocks', () => {
    // Ten blocks drawing from one pool with heavy overlap.
    const blocks = Array.from({ length: 10 }, (_, b) => ({
      candidates: stories(...Array.from({ length: 12 }, (_, k) => (b * 3 + k * 7) % 40)),
      size: 3,
    }))
    const all = dedupeBlocks(blocks)
      .flat()
      .map((s) => s.id)
    expect(new Set(all).size).toBe(all.length)
  })

  it('treats a size of 0 as an empty block and keeps the objects it is given', () => {
    const lead = { id: 1, title: 'Lead' }
    const [none, [kept]] = dedupeBlocks([
      { candidates: [lead], size: 0 },
      { candidates: [lead], size: 1 },
    ])
    expect(none).toEqual([])
    expect(kept).toBe(lead)
  })
})
