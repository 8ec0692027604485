/** Pages beyond this are refused: no listing has that many, and OFFSET would crawl. */
export const MAX_PAGE = 10_000

/**
 * The `page` search parameter: 1 when absent, the number when it is a whole number from 1 to
 * MAX_PAGE, else null (the loader answers 400).
 */
export function parsePageParam(searchParams: URLSearchParams): number | null {
  const raw = searchParams.get('page')
  if (raw === null || raw === '') return 1
  if (!/^\d{1,6}$/.test(raw)) return null
  const page = Number(raw)
  return page >= 1 && page <= MAX_PAGE ? page : null
}

export type PageItem = number | 'gap'

/**
 * The page links to show: first, last, and the current page with its neighbours, gaps
 * marked — "1 … 4 5 6 … 20".
 */
export function pageItems(current: number, count: number): PageItem[] {
  const pages = new Set([1, count, current - 1, current, current + 1])
  const sorted = [...pages].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b)
  const items: PageItem[] = []
  for (const page of sorted) {
    const previous = items[items.length - 1]
    if (typeof previous === 'number' && page - previous === 2) items.push(previous + 1)
    else if (typeof previous === 'number' && page - previous > 2) items.push('gap')
    items.push(page)
  }
  return items
}
