import { data, Form, Link, redirect, useActionData, useLoaderData } from 'react-router'
import { primaryButtonClass, textLinkClass } from '~/components/site/styles'
import { getPublicArticlePage } from '~/domain/articles/article-page-queries.server'
import {
  createGiftLink,
  GIFT_LINK_DAYS,
  GIFT_LINKS_A_MONTH,
  GiftLinkError,
  giftLinksThisMonth,
  mayGift,
} from '~/domain/membership/gift-links.server'
import { readerOf } from '~/domain/membership/reader.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getEnv } from '~/infra/env.server'
import { TOKEN_PAGE_HEADERS } from '~/infra/http-cache.server'
import { logger } from '~/infra/logger.server'
import { formatDate } from '~/lib/dates'
import { UNEXPECTED_ERROR } from '~/lib/action-result'
import { errorMeta } from '~/lib/seo'
import { notFound } from './+shared/http-answers.server'
import type { Route } from './+types/_site.article.$slug_.gift'

/*
 * "Gift this story" (issue 38): a member posts here from the article page (a plain form in its
 * server-drawn HTML, no script) and gets a link anyone can read the story with for 30 days,
 * at most 10 a month (gift-links.server.ts). The page and its answer carry the link's secret:
 * private, no-store, and no Referer.
 */

/** The signed-in reader (anyone else is sent to sign in first), and the story. */
async function storyAndReader(request: Request, slug: string) {
  const reader = await readerOf(request)
  if (reader.kind === 'anonymous') {
    const back = `/article/${encodeURIComponent(slug)}/gift`
    throw redirect(`/signin?redirectTo=${encodeURIComponent(back)}`, {
      headers: TOKEN_PAGE_HEADERS,
    })
  }
  const found = await getPublicArticlePage(slug)
  if (!found) notFound('Article not found')
  return { article: found.article, reader }
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const { article, reader } = await storyAndReader(request, params.slug)
  const { timeZone } = await getSiteSettings()
  const made =
    reader.kind === 'account' ? await giftLinksThisMonth(reader.id, new Date(), timeZone) : 0
  return data(
    {
      title: article.title,
      slug: article.slug,
      mayGift: mayGift(article, reader),
      left: Math.max(0, GIFT_LINKS_A_MONTH - made),
      days: GIFT_LINK_DAYS,
      perMonth: GIFT_LINKS_A_MONTH,
    },
    { headers: TOKEN_PAGE_HEADERS },
  )
}

export async function action({ params, request }: Route.ActionArgs) {
  const { article, reader } = await storyAndReader(request, params.slug)
  const { timeZone } = await getSiteSettings()
  const { siteUrl } = getEnv()
  try {
    const link = await createGiftLink(article, reader, timeZone)
    return data(
      {
        ok: true as const,
        url: `${siteUrl}${link.path}`,
        until: formatDate(link.expiresAt, 'articleDate', timeZone),
        left: link.left,
      },
      { headers: TOKEN_PAGE_HEADERS },
    )
  } catch (error) {
    if (error instanceof GiftLinkError) {
      return data(
        { ok: false as const, message: error.message },
        { status: error.status, headers: TOKEN_PAGE_HEADERS },
      )
    }
    logger.error({ err: error }, 'making a gift link failed')
    return data(
      { ok: false as const, message: UNEXPECTED_ERROR },
      { status: 500, headers: TOKEN_PAGE_HEADERS },
    )
  }
}

export const headers: Route.HeadersFunction = () => TOKEN_PAGE_HEADERS

export default function GiftPage() {
  const story = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="font-serif text-3xl font-bold leading-tight">Gift this story</h1>
      <p className="mt-2 text-muted-foreground">{story.title}</p>
      {answer?.ok ? (
        <div className="mt-8 rounded-lg border bg-card p-5">
          <label htmlFor="gift-link" className="font-semibold">
            Your gift link
          </label>
          <input
            id="gift-link"
            readOnly
            value={answer.url}
            className="mt-2 w-full rounded-md border bg-background px-3 py-2 font-mono text-sm"
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="mt-3 text-sm text-muted-foreground">
            Anyone with this link can read the whole story until {answer.until}.{' '}
            {answer.left === 1
              ? 'You can make 1 more gift link this month.'
              : `You can make ${answer.left} more gift links this month.`}
          </p>
        </div>
      ) : story.mayGift ? (
        <Form method="post" className="mt-8 grid gap-4">
          <p>
            Make a link anyone can read this story with, for {story.days} days. You can make{' '}
            {story.perMonth} a month; {story.left} left this month.
          </p>
          {answer && !answer.ok ? (
            <p role="alert" className="font-semibold text-destructive">
              {answer.message}
            </p>
          ) : null}
          <p>
            <button type="submit" className={`${primaryButtonClass} h-10 px-5`}>
              Make a gift link
            </button>
          </p>
        </Form>
      ) : (
        <p role="alert" className="mt-8">
          {answer && !answer.ok ? answer.message : 'Only members can give this story.'}
        </p>
      )}
      <p className="mt-8">
        <Link to={`/article/${story.slug}`} className={`${textLinkClass} underline`}>
          Back to the story
        </Link>
      </p>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [{ title: `Gift this story — ${loaderData.title}` }, { name: 'robots', content: 'noindex' }]
    : errorMeta('Article not found')
