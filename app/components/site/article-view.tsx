import { Link } from 'react-router'
import type { ArticlePageView } from '~/domain/articles/article-view.server'
import { PAYWALLED_CONTENT_CLASS } from '~/domain/membership/wall-view'
import { ArticleMedia } from './article-media'
import { Byline } from './byline'
import { gutterClass } from './styles'

const tagClass = 'inline-flex rounded-full border px-3 py-1 text-sm font-medium'

/**
 * The article as readers see it: media, then a reading column of title, byline, excerpt, body
 * and tags, then `children` (the public page's share row). The public page and the admin
 * preview both draw this; the body HTML arrives sanitised from the server
 * (article-view.server.ts).
 */
export function ArticleView({
  article,
  lead,
  wall,
  children,
}: {
  article: ArticlePageView
  /** What comes before the picture and body: a live article's coverage. */
  lead?: React.ReactNode
  /** Where a gated story stops for a reader without access (article-wall.tsx). */
  wall?: React.ReactNode
  children?: React.ReactNode
}) {
  return (
    <article className="py-8 sm:py-12">
      {/* Headline, byline and standfirst first: on a laptop screen they are what the reader
          sees before the picture (it used to push the headline 790 px down at 1366 × 768). */}
      <div className={`${gutterClass} max-w-3xl`}>
        <header>
          <h1 className="font-serif text-3xl font-black leading-tight tracking-tight sm:text-5xl">
            {article.title}
          </h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            {article.categoryName && article.categorySlug ? (
              <Link
                to={`/category/${article.categorySlug}`}
                className="font-semibold uppercase tracking-wider text-primary hover:underline"
              >
                {article.categoryName}
              </Link>
            ) : null}
            <Byline authors={article.authors} />
            <span>
              Published <time dateTime={article.publishedIso}>{article.publishedLabel}</time>
            </span>
            {article.updatedIso ? (
              <span>
                Updated <time dateTime={article.updatedIso}>{article.updatedLabel}</time>
              </span>
            ) : null}
            <span>{article.readingMinutes} min read</span>
          </p>
        </header>
        {article.excerpt ? (
          <blockquote className="mt-6 border-l-4 border-primary pl-5 font-serif text-xl italic leading-relaxed text-foreground/90">
            {article.excerpt}
          </blockquote>
        ) : null}
      </div>
      {lead}
      <div className={`${gutterClass} mt-8 max-w-5xl`}>
        <ArticleMedia video={article.video} image={article.image} title={article.title} />
      </div>
      <div className={`${gutterClass} max-w-3xl`}>
        <div
          className="article-content mt-8"
          dangerouslySetInnerHTML={{ __html: article.contentHtml }}
        />
        {article.paywalledHtml ? (
          // The gated part, read in full: JSON-LD names it by this class (wall-view.ts).
          <div
            className={`article-content ${PAYWALLED_CONTENT_CLASS} mt-[1.25em]`}
            dangerouslySetInnerHTML={{ __html: article.paywalledHtml }}
          />
        ) : null}
        {wall}
        {article.corrections.length > 0 ? (
          <section
            aria-labelledby="article-corrections"
            className="mt-12 rounded-lg border bg-muted/40 p-5 sm:p-6"
          >
            <h2 id="article-corrections" className="font-serif text-xl font-bold">
              Corrections
            </h2>
            <ol className="mt-4 grid gap-4">
              {article.corrections.map((correction) => (
                <li key={correction.id} className="text-sm leading-relaxed">
                  <time dateTime={correction.correctedIso} className="font-semibold">
                    {correction.correctedLabel}
                  </time>
                  <p className="mt-1 whitespace-pre-line">{correction.text}</p>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {article.tags.length > 0 ? (
          <footer className="mt-12 border-t pt-6">
            <h2 className="sr-only">Tags</h2>
            <ul className="flex flex-wrap gap-2">
              {article.tags.map((tag) => (
                <li key={tag.id}>
                  {tag.slug ? (
                    <Link
                      to={`/tag/${tag.slug}`}
                      className={`${tagClass} transition-colors hover:border-foreground hover:bg-accent`}
                    >
                      #{tag.name}
                    </Link>
                  ) : (
                    // A tag that does not exist yet (unsaved preview) has no page to open.
                    <span className={tagClass}>#{tag.name}</span>
                  )}
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
        {children}
      </div>
    </article>
  )
}
