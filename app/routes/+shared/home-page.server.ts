import { drawHomeSections } from '~/components/site/home-page.server'
import { hasHomeSections } from '~/components/site/home-sections'
import {
  toCardView,
  toCardViews,
  toEditionViews,
  type ArticleCardView,
} from '~/components/site/card-view.server'
import type { HomePage } from '~/domain/front-page/front-page.server'
import { DRAWN_PAGE_TTL_MS } from './article-page.server'

/** The home page's stories as the route shows them: the lead as data, the rest as HTML. */
export interface HomePageView {
  featured: ArticleCardView | null
  /** Trending tags, trending stories, print editions and the sections, drawn (HomeSections). */
  sectionsHtml: string
  hasSections: boolean
}

/*
 * Keyed by the front page the memo cache holds (front-page.server.ts): a write that empties it
 * gives the next request a new object, and the drawing kept for the old one goes with it.
 */
const drawn = new WeakMap<HomePage, { view: HomePageView; at: number }>()

/**
 * The home page's view, taken from the last one drawn for the same front page while it is under
 * a minute old: its cards word their times ("about 2 hours ago"), which a minute does not change
 * by more than the shared caches already allow (s-maxage=60), as for the article page.
 */
export function homePageView(front: HomePage, now = new Date()): HomePageView {
  const kept = drawn.get(front)
  if (kept && now.getTime() - kept.at < DRAWN_PAGE_TTL_MS && now.getTime() >= kept.at) {
    return kept.view
  }
  const sections = {
    trending: toCardViews(front.trending, now),
    trendingTags: front.trendingTags,
    editions: toEditionViews(front.editions),
    sections: front.sections.map((section) => ({
      id: section.id,
      name: section.name,
      slug: section.slug,
      articles: toCardViews(section.articles, now),
    })),
  }
  const view = {
    featured: front.lead ? toCardView(front.lead, now) : null,
    sectionsHtml: drawHomeSections(sections),
    hasSections: hasHomeSections(sections),
  }
  drawn.set(front, { view, at: now.getTime() })
  return view
}
