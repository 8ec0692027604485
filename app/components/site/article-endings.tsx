import { ArticleCard, ArticleGrid } from './article-card'
import type { ArticleCardView } from './card-view.server'
import { SectionHeading } from './section-heading'
import { containerClass } from './styles'

/** What follows an article: more from its section, then stories on its subjects. */
export interface ArticleEndingsView {
  category: { name: string; slug: string } | null
  moreInCategory: ArticleCardView[]
  related: ArticleCardView[]
}

/**
 * "More in {category}" (the section's newest stories) and "Related stories" (shared tags,
 * weighted by recency; domain/articles/related-queries.server.ts). A block with nothing to
 * show is not drawn, nor is the whole when both are empty.
 */
export function ArticleEndings({ endings }: { endings: ArticleEndingsView }) {
  const { category, moreInCategory, related } = endings
  const showMore = category !== null && moreInCategory.length > 0
  if (!showMore && related.length === 0) return null
  return (
    <div className={`${containerClass} grid gap-14 pb-16`}>
      {showMore ? (
        <section aria-labelledby="more-in-category">
          <SectionHeading
            id="more-in-category"
            moreTo={`/category/${category.slug}`}
            moreLabel={`All ${category.name} stories`}
          >
            More in {category.name}
          </SectionHeading>
          <ArticleGrid articles={moreInCategory} />
        </section>
      ) : null}
      {related.length > 0 ? (
        <section aria-labelledby="related-stories">
          <SectionHeading id="related-stories">Related stories</SectionHeading>
          <ul className="grid gap-x-8 gap-y-6 md:grid-cols-2">
            {related.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} size="small" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
