import { Link } from 'react-router'
import { ArticleCard, ArticleGrid } from './article-card'
import type { ArticleCardView, NewspaperEditionView } from './card-view.server'
import { NewspaperList } from './newspaper-list'
import { SectionHeading } from './section-heading'

export interface HomeSectionsView {
  trending: ArticleCardView[]
  trendingTags: { id: number; name: string; slug: string }[]
  editions: NewspaperEditionView[]
  sections: { id: number; name: string; slug: string; articles: ArticleCardView[] }[]
}

/** Whether the home page has anything to show below its lead story. */
export function hasHomeSections({ trending, trendingTags, editions, sections }: HomeSectionsView) {
  return (
    trending.length > 0 || trendingTags.length > 0 || editions.length > 0 || sections.length > 0
  )
}

/**
 * The home page below its lead story: trending tags, trending stories, print editions and a
 * section per category. Drawn on the server only (home-page.server.tsx), in a column spaced as
 * the page's own, so the page shows it as HTML (server-html.tsx) and the browser gets none of
 * its components.
 */
export function HomeSections({ trending, trendingTags, editions, sections }: HomeSectionsView) {
  return (
    <div className="flex flex-col gap-14">
      {trendingTags.length > 0 ? (
        <section aria-labelledby="trending-tags-heading" className="-mt-4">
          <h2
            id="trending-tags-heading"
            className="mb-3 font-sans text-xs font-semibold uppercase tracking-wider text-muted-foreground"
          >
            Trending Tags
          </h2>
          <ul className="flex flex-wrap gap-2">
            {trendingTags.map((tag) => (
              <li key={tag.id}>
                <Link
                  to={`/tag/${tag.slug}`}
                  className="inline-flex rounded-full border px-3 py-1 text-sm font-medium transition-colors hover:border-foreground hover:bg-accent focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                >
                  #{tag.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {trending.length > 0 ? (
        <section aria-labelledby="trending-heading">
          <SectionHeading id="trending-heading">Trending</SectionHeading>
          <ol className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
            {trending.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} size="small" />
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {editions.length > 0 ? (
        <section aria-labelledby="newspapers-heading">
          <SectionHeading id="newspapers-heading" moreTo="/newspapers" moreLabel="All editions">
            Print Editions
          </SectionHeading>
          <NewspaperList editions={editions} />
        </section>
      ) : null}

      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`category-${section.id}-heading`}>
          <SectionHeading
            id={`category-${section.id}-heading`}
            moreTo={`/category/${section.slug}`}
            moreLabel={`More ${section.name}`}
          >
            {section.name}
          </SectionHeading>
          <ArticleGrid articles={section.articles} />
        </section>
      ))}
    </div>
  )
}
