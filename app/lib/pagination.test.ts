import { describe, expect, it } from 'vitest'
import { MAX_PAGE, pageItems, parsePageParam } from './pagination'

const params = (query: string) => new URLSearchParams(query)

describe('parsePageParam', () => {
  it('is 1 when the parameter is absent or empty', () => {
    expect(parsePageParam(params(''))).toBe(1)
    expect(parsePageParam(params('page='))).toBe(1)
  })

  it('reads a whole page number', () => {
    expect(parsePageParam(params('page=2'))).toBe(2)
    expect(parsePageParam(params(`page=${MAX_PAGE}`))).toBe(MAX_PAGE)
  })

  it('refuses anything else', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '2e3', ' 2', `${MAX_PAGE + 1}`, '9999999']) {
      expect(parsePageParam(params(`page=${encodeURIComponent(bad)}`)), bad).toBeNull()
    }
  })
})

describe('pageItems', () => {
  it('lists every page of a short list', () => {
    expect(pageItems(1, 1)).toEqual([1])
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4])
  })

  it('marks gaps around the current page in a long list', () => {
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20])
    expect(pageItems(1, 20)).toEqual([1, 2, 'gap', 20])
    expect(pageItems(20, 20)).toEqual([1, 'gap', 19, 20])
  })

  it('shows a single hidden page instead of a gap', () => {
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})
