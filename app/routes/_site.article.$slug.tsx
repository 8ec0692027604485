import { data, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router'
import { ArticleView } from '~/components/site/article-view'
import { PageStatus } from '~/components/site/page-status'
import { toArticleView } from '~/domain/articles/article-view.server'
import { listArticleCorrections } from '~/domain/articles/corrections-queries.server'
import { toBylineAuthor } from '~/domain/authors/byline'
import { getPublishedArticleBySlug } from '~/domain/articles/articles-queries.server'
import { isCountableView, recordArticleView } from '~/domain/articles/trending.server'
import { logger } from '~/infra/logger.server'
import { getSiteIdentity, newsArticleJsonLd } from '~/domain/seo/seo.server'
import { errorMeta, jsonLdMeta, seoMeta } from '~/lib/seo'
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
  const [site, corrections] = await Promise.all([
    getSiteIdentity(),
    listArticleCorrections(article.id),
  ])
  const view = toArticleView({ ...article, corrections })
  const publishedIso = article.publishedAt?.toISOString() ?? null
  // The last change readers could see after publication ("Updated …"), else publication.
  const modifiedIso = view.updatedIso ?? publishedIso ?? article.updatedAt.toISOString()
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
          image: view.image,
          publishedIso,
          modifiedIso,
          author: toBylineAuthor(article),
          section: article.categoryName,
          keywords,
          corrections: view.corrections,
        }),
      ),
    ],
    article: view,
  }
}

export default function ArticlePage() {
  const { article } = useLoaderData<typeof loader>()
  return <ArticleView article={article} />
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
