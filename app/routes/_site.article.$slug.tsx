import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from 'react-router'
import { ArticleMedia } from '~/components/site/article-media'
import { PageStatus } from '~/components/site/page-status'
import { gutterClass } from '~/components/site/styles'
import { getPublishedArticleBySlug } from '~/domain/articles/articles-queries.server'
import { isCountableView, recordArticleView } from '~/domain/articles/trending.server'
import { logger } from '~/infra/logger.server'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import { formatLongDate } from '~/lib/dates'
import { readingTimeFromWordCount } from '~/lib/reading-time'
import { getSiteIdentity, newsArticleJsonLd } from '~/domain/seo/seo.server'
import { errorMeta, jsonLdMeta, seoMeta } from '~/lib/seo'
import { toEmbedUrl } from '~/lib/video-embed'
import type { Route } from './+types/_site.article.$slug'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

export async function loader({ params, request }: Route.LoaderArgs) {
  const article = await getPublishedArticleBySlug(params.slug)
  if (!article) throw data('Article not found', { status: 404 })
  if (isCountableView(request)) {
    // A lost count must never cost the reader the page.
    await recordArticleView(article.id).catch((error: unknown) =>
      logger.warn({ err: error, articleId: article.id }, 'counting a view failed'),
    )
  }
  const site = await getSiteIdentity()
  const publishedIso = article.publishedAt?.toISOString() ?? null
  const modifiedIso = article.updatedAt.toISOString()
  const keywords = article.tags.map((t) => t.name)
  return {
    meta: [
      ...seoMeta({
        site,
        title: article.title,
        description: article.excerpt,
        path: `/article/${article.slug}`,
        image: article.featuredImage,
        type: 'article',
        article: {
          publishedTime: publishedIso,
          modifiedTime: modifiedIso,
          section: article.categoryName,
          tags: keywords,
        },
      }),
      jsonLdMeta(
        newsArticleJsonLd(site, {
          slug: article.slug,
          title: article.title,
          excerpt: article.excerpt,
          image: article.featuredImage,
          publishedIso,
          modifiedIso,
          authorName: article.authorName,
          section: article.categoryName,
          keywords,
        }),
      ),
    ],
    article: {
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      // Sanitised on save and again here: whatever reached the database, no script, event
      // handler or javascript: URL reaches a reader.
      contentHtml: sanitizeArticleHtml(article.content),
      featuredImage: article.featuredImage,
      video: article.hasVideo ? toEmbedUrl(article.videoUrl) : null,
      categoryName: article.categoryName,
      categorySlug: article.categorySlug,
      authorName: article.authorName,
      publishedIso,
      publishedLabel: formatLongDate(article.publishedAt),
      readingMinutes: readingTimeFromWordCount(article.wordCount),
      tags: article.tags,
    },
  }
}

export default function ArticlePage() {
  const { article } = useLoaderData<typeof loader>()
  return (
    <article className="py-8 sm:py-12">
      <div className={`${gutterClass} max-w-5xl`}>
        <ArticleMedia video={article.video} image={article.featuredImage} title={article.title} />
      </div>
      <div className={`${gutterClass} mt-8 max-w-3xl`}>
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
            <span>By {article.authorName || 'Anonymous'}</span>
            {article.publishedIso ? (
              <time dateTime={article.publishedIso}>{article.publishedLabel}</time>
            ) : null}
            <span>{article.readingMinutes} min read</span>
          </p>
        </header>
        {article.excerpt ? (
          <blockquote className="my-8 border-l-4 border-primary pl-5 font-serif text-xl italic leading-relaxed text-foreground/90">
            {article.excerpt}
          </blockquote>
        ) : null}
        <div
          className="article-content mt-8"
          dangerouslySetInnerHTML={{ __html: article.contentHtml }}
        />
        {article.tags.length > 0 ? (
          <footer className="mt-12 border-t pt-6">
            <h2 className="sr-only">Tags</h2>
            <ul className="flex flex-wrap gap-2">
              {article.tags.map((tag) => (
                <li key={tag.id}>
                  <Link
                    to={`/tag/${tag.slug}`}
                    className="inline-flex rounded-full border px-3 py-1 text-sm font-medium transition-colors hover:border-foreground hover:bg-accent"
                  >
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          </footer>
        ) : null}
      </div>
    </article>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Article not found')

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageStatus
        title="Article not found"
        message="The article you're looking for doesn't exist or is no longer available."
      />
    )
  }
  return <PageStatus title="Something went wrong" message="Please try again in a moment." />
}
