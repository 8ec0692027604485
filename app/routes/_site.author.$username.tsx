import { data, isRouteErrorResponse, redirect, useLoaderData, useRouteError } from 'react-router'
import { ArticleGrid } from '~/components/site/article-card'
import { AuthorAvatar } from '~/components/site/author-avatar'
import { toCardViews } from '~/components/site/card-view.server'
import { Icon } from '~/components/site/icon'
import { PageStatus } from '~/components/site/page-status'
import { PaginationNav } from '~/components/site/pagination-nav'
import { containerClass, textLinkClass } from '~/components/site/styles'
import { listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { findAuthor } from '~/domain/authors/authors-queries.server'
import { authorFeedPath, authorPath } from '~/domain/authors/byline'
import { authorPageJsonLd, getSiteIdentity } from '~/domain/seo/seo.server'
import { logger } from '~/infra/logger.server'
import { parsePageParam } from '~/lib/pagination'
import { errorMeta, jsonLdMeta, pagedPath, seoMeta } from '~/lib/seo'
import type { Route } from './+types/_site.author.$username'
import { notFound } from './+shared/http-answers.server'
import { notFoundOf } from '~/lib/not-found'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

const AUTHOR_PAGE_SIZE = 12

export async function loader({ params, request }: Route.LoaderArgs) {
  const page = parsePageParam(new URL(request.url).searchParams)
  if (page === null) throw data('Invalid page number', { status: 400 })
  let author, articles
  try {
    author = await findAuthor(params.username)
    if (author) {
      articles = await listPublishedArticles({
        authorId: author.id,
        page,
        pageSize: AUTHOR_PAGE_SIZE,
      })
    }
  } catch (error) {
    logger.error({ err: error, username: params.username }, 'loading an author failed')
    throw data('Failed to load author', { status: 500 })
  }
  if (!author || !articles) notFound('Author not found')
  const path = authorPath(author.username)
  // Usernames are matched ignoring case; the page has one address, spelt as the account is.
  if (params.username !== author.username) throw redirect(pagedPath(path, page), 301)
  if (page > articles.pageCount) notFound('Page not found', { code: 'PAGE_OUT_OF_RANGE' })
  const site = await getSiteIdentity()
  return {
    meta: [
      ...seoMeta({
        site,
        title: page > 1 ? `${author.name} (page ${page})` : author.name,
        description: author.bio || `Articles by ${author.name} in ${site.brand}.`,
        path: pagedPath(path, page),
        image: author.image,
      }),
      {
        tagName: 'link',
        rel: 'alternate',
        type: 'application/rss+xml',
        title: `${author.name} | ${site.brand}`,
        href: authorFeedPath(author.username),
      },
      jsonLdMeta(authorPageJsonLd(site, { ...author, path })),
    ],
    // What readers may know of the account: never its id or address.
    author: {
      name: author.name,
      username: author.username,
      bio: author.bio,
      image: author.image,
      jobTitle: author.jobTitle,
      socialLinks: author.socialLinks,
    },
    articles: toCardViews(articles.items),
    total: articles.total,
    page: articles.page,
    pageCount: articles.pageCount,
  }
}

export default function AuthorPage() {
  const { author, articles, total, page, pageCount } = useLoaderData<typeof loader>()
  return (
    <div className={`${containerClass} py-10`}>
      <header className="mb-10 flex flex-col gap-5 border-b-2 border-foreground pb-8 sm:flex-row sm:items-center sm:gap-8">
        <AuthorAvatar name={author.name} image={author.image} />
        <div className="min-w-0">
          <h1 className="break-words font-serif text-4xl font-black tracking-tight sm:text-5xl">
            {author.name}
          </h1>
          {author.jobTitle ? (
            <p className="mt-2 text-base font-semibold uppercase tracking-wider text-primary">
              {author.jobTitle}
            </p>
          ) : null}
          {author.bio ? (
            <p className="mt-3 max-w-3xl text-lg text-muted-foreground">{author.bio}</p>
          ) : null}
          <p className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
            <span>
              {total} {total === 1 ? 'article' : 'articles'}
            </span>
            <a
              href={authorFeedPath(author.username)}
              aria-label={`RSS feed of ${author.name}`}
              className={`${textLinkClass} inline-flex items-center gap-1.5 font-medium text-foreground`}
            >
              <Icon name="rss" className="size-4" />
              RSS feed
            </a>
            {author.socialLinks.map((link) => (
              <a
                key={link.url}
                href={link.url}
                rel="me noopener noreferrer"
                target="_blank"
                className={`${textLinkClass} font-medium text-foreground`}
              >
                {link.label}
              </a>
            ))}
          </p>
        </div>
      </header>
      <h2 className="sr-only">Articles by {author.name}</h2>
      <ArticleGrid articles={articles} headingLevel={3} />
      <PaginationNav
        page={page}
        pageCount={pageCount}
        href={(n) => pagedPath(authorPath(author.username), n)}
      />
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Author not found')

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 400) {
    return <PageStatus title="Invalid page number" message="Pages are numbered from 1." />
  }
  if (notFoundOf(error)?.code === 'PAGE_OUT_OF_RANGE') {
    return <PageStatus title="Page not found" message="This list has fewer pages." />
  }
  if (notFoundOf(error)) {
    return (
      <PageStatus
        title="Author not found"
        message="No one writes for us under this name, or nothing of theirs is published yet."
      />
    )
  }
  return (
    <PageStatus
      title="Something went wrong"
      alert="Failed to load author"
      message="Please try again in a moment."
    />
  )
}
