// The front page's editorial rule, kept pure so that it is tested on its own: a story appears
// once per page. Blocks are filled in page order (the lead, then trending, then the category
// sections); each skips the stories an earlier block already shows and fills up from its next
// candidates, so a block keeps its size while it has candidates enough.

export interface FrontPageBlock<T> {
  /** The block's stories, best first, more than it shows so that it can fill up. */
  candidates: readonly T[]
  /** How many stories the block shows at most. */
  size: number
}

/**
 * For each block in page order, its first `size` candidates not shown by an earlier block (nor
 * twice in itself). Returns the stories per block, in the blocks' order.
 */
export function dedupeBlocks<T extends { id: number }>(
  blocks: readonly FrontPageBlock<T>[],
): T[][] {
  const shown = new Set<number>()
  return blocks.map(({ candidates, size }) => {
    const picked: T[] = []
    for (const story of candidates) {
      if (picked.length >= size) break
      if (shown.has(story.id)) continue
      shown.add(story.id)
      picked.push(story)
    }
    return picked
  })
}

/** How many stories each block of the home page shows. */
export const FRONT_PAGE_SIZES = {
  lead: 1,
  trending: 6,
  section: 3,
  trendingTags: 12,
  editions: 3,
} as const

/**
 * Candidates a category section needs to keep its size whatever the lead and trending took:
 * they show at most lead + trending stories, and a story has one category.
 */
export const SECTION_CANDIDATES =
  FRONT_PAGE_SIZES.section + FRONT_PAGE_SIZES.lead + FRONT_PAGE_SIZES.trending
