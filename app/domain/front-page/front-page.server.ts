import type { TagLink } from '~/domain/tags/tags-queries.server'
import {
  listNewspaperEditions,
  type NewspaperEdition,
} from '~/domain/newspapers/newspapers-queries.server'
import { cacheKey } from '~/infra/cache-keys.server'
import { memoized } from '~/infra/memo-cache.server'
import {
  listPublicCategories,
  type PublicCategory,
} from '~/domain/categories/categories-queries.server'
import {
  getFeaturedArticle,
  listLatestPerCategory,
  type ArticleCardData,
} from '~/domain/articles/articles-queries.server'
import { dedupeBlocks, FRONT_PAGE_SIZES, SECTION_CANDIDATES } from './front-page'
import { nextPublicationAt } from '~/domain/published.server'
import { listTrendingArticles, listTrendingTags } from '~/domain/articles/trending-queries.server'

export interface FrontPage {
  lead: ArticleCardData | null
  trending: ArticleCardData[]
  /** The categories shown on the home page, in the editors' order; none is empty. */
  sections: (PublicCategory & { articles: ArticleCardData[] })[]
}

/**
 * The home page's stories with a story shown once: the lead, then trending, then one section
 * per category the editors keep on the home page (their order), each filled past the stories
 * shown above it. A section left with no story of its own is left out.
 */
export async function getFrontPage(): Promise<FrontPage> {
  const [lead, trending, categories, latest] = await Promise.all([
    getFeaturedArticle(),
    // One more than shown: the lead may be among them.
    listTrendingArticles(FRONT_PAGE_SIZES.trending + FRONT_PAGE_SIZES.lead),
    listPublicCategories('home'),
    listLatestPerCategory(SECTION_CANDIDATES),
  ])
  const [leadBlock, trendingBlock, ...sectionBlocks] = dedupeBlocks([
    { candidates: lead ? [lead] : [], size: FRONT_PAGE_SIZES.lead },
    { candidates: trending, size: FRONT_PAGE_SIZES.trending },
    ...categories.map((category) => ({
      candidates: latest.get(category.id) ?? [],
      size: FRONT_PAGE_SIZES.section,
    })),
  ])
  return {
    lead: leadBlock[0] ?? null,
    trending: trendingBlock,
    sections: categories
      .map((category, i) => ({ ...category, articles: sectionBlocks[i] }))
      .filter((section) => section.articles.length > 0),
  }
}

export interface HomePage extends FrontPage {
  trendingTags: TagLink[]
  /** The newest print editions. */
  editions: NewspaperEdition[]
}

/**
 * Everything the home page shows but the site's chrome, read once and kept in memory like the
 * chrome (memo-cache.server.ts): until a write, until the next scheduled article goes public,
 * and 60 s at most, so that "Trending" follows the readers' views within a minute. The value
 * is frozen.
 */
export const getHomePage: () => Promise<HomePage> = memoized(
  'home-page',
  async () => {
    const [front, trendingTags, editions] = await Promise.all([
      getFrontPage(),
      listTrendingTags(FRONT_PAGE_SIZES.trendingTags),
      listNewspaperEditions(FRONT_PAGE_SIZES.editions),
    ])
    return { ...front, trendingTags, editions }
  },
  {
    ttlMs: 60_000,
    expiresAt: () => nextPublicationAt(),
    shows: (home) => [
      'front',
      'editions',
      ...[home.lead, ...home.trending, ...home.sections.flatMap((s) => s.articles)]
        .filter((card) => card !== null)
        .map((card) => cacheKey.article(card.id)),
      ...home.trendingTags.map((tag) => cacheKey.tag(tag.id)),
    ],
  },
)
