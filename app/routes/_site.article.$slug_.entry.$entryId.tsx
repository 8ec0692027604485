import { data, Link, useLoaderData, useRouteError } from 'react-router'
import { PageStatus } from '~/components/site/page-status'
import { textLinkClass } from '~/components/site/styles'
import { findPublicLiveEntry } from '~/domain/live/live-queries.server'
import { keyEventLabel } from '~/domain/live/live-view.server'
import { articleAccessFor } from '~/domain/membership/article-read.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { PRIVATE_NO_STORE } from '~/infra/http-cache.server'
import { htmlToPlainText } from '~/infra/sanitize.server'
import { cacheKey, noteShownKeys } from '~/infra/cache-keys.server'
import { notFoundOf } from '~/lib/not-found'
import { errorMeta, seoMeta } from '~/lib/seo'
import { notFound } from './+shared/http-answers.server'
import type { Route } from './+types/_site.article.$slug_.entry.$entryId'

// A live entry's shareable address, /article/{slug}/entry/{id}: its own title and description
// for social cards, then the reader is sent to the entry's anchor on the article. One answer
// for crawlers and people alike (a meta refresh, not a 301 by user agent), so the page cache
// and a CDN keep one copy (docs/decisions/0038-live-updates-by-polling.md). An entry of a gated
// story (issue 38) shows its words only to a reader with access.

/** The label of an entry a reader may not read. */
const GATED_LABEL = 'Live update'

export async function loader({ params, request }: Route.LoaderArgs) {
  const entryId = /^\d{1,9}$/.test(params.entryId) ? Number(params.entryId) : null
  const found = entryId ? await findPublicLiveEntry(params.slug, entryId) : null
  if (!found || entryId === null) notFound('Entry not found')
  noteShownKeys([cacheKey.article(found.articleId)])
  const [site, { read }] = await Promise.all([
    getSiteIdentity(),
    articleAccessFor(found.gate, request),
  ])
  // An entry of a gated story is its text too: a reader without access (and a social card,
  // which anyone sees) gets the story's title and standfirst, not the entry's words.
  const label = read.full ? keyEventLabel(found) : GATED_LABEL
  const anchor = `/article/${found.slug}#entry-${entryId}`
  const answer = {
    anchor,
    title: found.title,
    label,
    meta: [
      ...seoMeta({
        site,
        title: `${label} — ${found.title}`,
        description: read.full ? htmlToPlainText(found.content) : found.excerpt,
        path: `/article/${found.slug}/entry/${entryId}`,
        image: found.image,
        type: 'article',
        article: { publishedTime: found.publishedAt?.toISOString() ?? null },
      }),
      { httpEquiv: 'refresh', content: `0; url=${anchor}` },
    ],
  }
  // A gated entry read in full is this reader's alone: no shared cache keeps it.
  return read.gated && read.full
    ? data(answer, { headers: { 'Cache-Control': PRIVATE_NO_STORE } })
    : answer
}

// The loader's Cache-Control, when it set one, for the page and its data answer alike.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export default function LiveEntryAddress() {
  const { anchor, title, label } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <p className="text-muted-foreground">{label}</p>
      <p className="mt-4">
        <Link to={anchor} className={`${textLinkClass} font-semibold underline`}>
          Read this update in “{title}”
        </Link>
      </p>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Entry not found')

export function ErrorBoundary() {
  const error = useRouteError()
  if (notFoundOf(error)) {
    return (
      <PageStatus
        title="Entry not found"
        message="This update doesn't exist or is no longer available."
      />
    )
  }
  return <PageStatus title="Something went wrong" message="Please try again in a moment." />
}
