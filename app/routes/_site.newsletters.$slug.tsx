import { Link, useLoaderData } from 'react-router'
import { NewsletterListSignUp } from '~/components/site/newsletter-list-sign-up'
import { containerClass, textLinkClass } from '~/components/site/styles'
import { listArchive } from '~/domain/newsletter/archive-queries.server'
import { LIST_KIND_NAMES } from '~/domain/newsletter/lists-schema'
import { signUpLists } from '~/domain/newsletter/newsletter-queries.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatArticleDate } from '~/lib/dates'
import { errorMeta, seoMeta } from '~/lib/seo'
import { notFound } from './+shared/http-answers.server'
import type { Route } from './+types/_site.newsletters.$slug'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

/** A list's public archive: its sent issues, newest first, each a link to its web version. */
export async function loader({ params }: Route.LoaderArgs) {
  const [archive, site, { timeZone }, signUp] = await Promise.all([
    listArchive(params.slug),
    getSiteIdentity(),
    getSiteSettings(),
    signUpLists(),
  ])
  if (!archive) notFound('Newsletter not found')
  return {
    meta: seoMeta({
      site,
      title: `${archive.list.name} · Newsletter archive`,
      description: archive.list.description || `Past issues of ${archive.list.name}.`,
      path: `/newsletters/${archive.list.slug}`,
    }),
    ...archive,
    signUp,
    // The day each went out, in the paper's time zone (lib/dates.ts).
    issues: archive.issues.map((issue) => ({
      ...issue,
      sentIso: issue.sentAt ? new Date(issue.sentAt).toISOString() : null,
      sentLabel: issue.sentAt ? formatArticleDate(issue.sentAt, timeZone) : null,
    })),
  }
}

// Sent issues change rarely and announce no cache key: shared caches keep a minute.
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'public, max-age=0, s-maxage=60',
})

export default function NewsletterArchivePage() {
  const { list, issues, signUp } = useLoaderData<typeof loader>()
  return (
    <div className={`${containerClass} max-w-3xl py-10`}>
      <header className="mb-8 border-b-2 border-foreground pb-6">
        <p className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          {LIST_KIND_NAMES[list.kind]} · Newsletter
        </p>
        <h1 className="font-serif text-4xl font-black tracking-tight sm:text-5xl">{list.name}</h1>
        {list.description ? (
          <p className="mt-3 text-lg text-muted-foreground">{list.description}</p>
        ) : null}
        <p className="mt-3 text-sm">Manage your newsletters from the link in any issue.</p>
      </header>
      <div className="mb-10">
        <NewsletterListSignUp listId={list.id} listName={list.name} lists={signUp} />
      </div>
      {issues.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">No issues have been sent yet.</p>
      ) : (
        <ol className="divide-y divide-border">
          {issues.map((issue) => (
            <li key={issue.id} className="py-4">
              <Link
                to={`/newsletters/${list.slug}/${issue.id}`}
                reloadDocument
                className={`${textLinkClass} font-serif text-xl font-bold`}
              >
                {issue.subject || 'Untitled issue'}
              </Link>
              {issue.preheader ? (
                <p className="mt-1 text-muted-foreground">{issue.preheader}</p>
              ) : null}
              {issue.sentIso ? (
                <p className="mt-1 text-sm text-muted-foreground">
                  <time dateTime={issue.sentIso}>{issue.sentLabel}</time>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Newsletter not found')
