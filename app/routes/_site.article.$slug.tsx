import { data, isRouteErrorResponse, useLoaderData, useRouteError } from 'react-router'
import { renderArticlePage } from '~/components/site/article-page.server'
import { toCardViews } from '~/components/site/card-view.server'
import { PageStatus } from '~/components/site/page-status'
import { ServerHtml } from '~/components/site/server-html'
import { CopyLink } from '~/components/site/share-links'
import { toArticleView } from '~/domain/articles/article-view.server'
import { toBylineAuthor } from '~/domain/authors/byline'
import { getPublicArticlePage } from '~/domain/articles/article-page-queries.server'
import {
  isCountableView,
  recordArticleView,
  VIEWED_ARTICLE_HEADER,
} from '~/domain/articles/trending.server'
import { listActiveSocialLinks } from '~/domain/settings/settings-queries.server'
import { logger } from '~/infra/logger.server'
import { getSiteIdentity, newsArticleJsonLd } from '~/domain/seo/seo.server'
import { absoluteUrl, errorMeta, jsonLdMeta, seoMeta } from '~/lib/seo'
import { emailShareHref, shareLinksFor } from '~/lib/share-links'
import type { Route } from './+types/_site.article.$slug'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await getPublicArticlePage(params.slug)
  if (!found) throw data('Article not found', { status: 404 })
  const { article, endings } = found
  // Counted in memory; the page cache counts later views of this page by the header below.
  if (isCountableView(request)) recordArticleView(article.id)
  // A failed share row costs only itself.
  const [site, socialLinks] = await Promise.all([
    getSiteIdentity(),
    listActiveSocialLinks().catch((error: unknown) => {
      logger.error({ err: error }, 'loading social links failed')
      return []
    }),
  ])
  const now = new Date()
  const shared = {
    url: absoluteUrl(site.siteUrl, `/article/${article.slug}`),
    title: article.title,
  }
  const view = toArticleView(article)
  const publishedIso = article.publishedAt?.toISOString() ?? null
  // The last change readers could see after publication ("Updated …"), else publication.
  const modifiedIso = view.updatedIso ?? publishedIso ?? article.updatedAt.toISOString()
  const keywords = article.tags.map((t) => t.name)
  const page = {
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
    slug: article.slug,
    shareUrl: shared.url,
    html: renderArticlePage({
      article: view,
      share: {
        ...shared,
        emailHref: emailShareHref(shared),
        links: shareLinksFor(socialLinks, shared),
      },
      endings: {
        category:
          article.categoryName && article.categorySlug
            ? { name: article.categoryName, slug: article.categorySlug }
            : null,
        moreInCategory: toCardViews(endings.moreInCategory, now),
        related: toCardViews(endings.related, now),
      },
    }),
  }
  return data(page, { headers: { [VIEWED_ARTICLE_HEADER]: String(article.id) } })
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

export default function ArticlePage() {
  const { slug, shareUrl, html } = useLoaderData<typeof loader>()
  // The page arrives as server-drawn HTML (article-page.server.tsx); only "Copy link" runs here.
  return (
    <ServerHtml key={slug} html={html}>
      {(root) => <CopyLink url={shareUrl} root={root} />}
    </ServerHtml>
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
