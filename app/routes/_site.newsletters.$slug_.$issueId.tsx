import { Link, useLoaderData } from 'react-router'
import { NewsletterIssueFrame } from '~/components/site/newsletter-issue-frame'
import { NewsletterListSignUp } from '~/components/site/newsletter-list-sign-up'
import { containerClass, textLinkClass } from '~/components/site/styles'
import { archivedIssue } from '~/domain/newsletter/archive-queries.server'
import { webCopy } from '~/domain/newsletter/issue-render.server'
import { signUpLists } from '~/domain/newsletter/newsletter-queries.server'
import { getSiteIdentity } from '~/domain/seo/seo.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatArticleDate } from '~/lib/dates'
import { errorMeta, seoMeta } from '~/lib/seo'
import { notFound } from './+shared/http-answers.server'
import type { Route } from './+types/_site.newsletters.$slug_.$issueId'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

/**
 * The web copy of an issue, where "View in browser" leads (issue 36): the site's header and
 * footer, the way back to the list's archive, the mail as it was frozen when its send started
 * (the generic copy: no reader's own links), and the list's sign-up.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.issueId) ? Number(params.issueId) : 0
  const [issue, site, { timeZone }, signUp] = await Promise.all([
    id ? archivedIssue(params.slug, id) : null,
    getSiteIdentity(),
    getSiteSettings(),
    signUpLists(),
  ])
  if (!issue) notFound('This issue does not exist or has not been sent.')
  return {
    meta: seoMeta({
      site,
      title: `${issue.subject || 'Newsletter issue'} · ${issue.list.name}`,
      description: `${issue.list.name}, as it was mailed.`,
      path: `/newsletters/${issue.list.slug}/${id}`,
    }),
    list: issue.list,
    subject: issue.subject,
    html: webCopy(issue.html),
    sentIso: issue.sentAt ? new Date(issue.sentAt).toISOString() : null,
    sentLabel: issue.sentAt ? formatArticleDate(issue.sentAt, timeZone) : null,
    signUp,
  }
}

// A sent issue never changes: shared caches keep it an hour, as they kept the bare copy.
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'public, max-age=300, s-maxage=3600',
})

export default function NewsletterIssuePage() {
  const { list, subject, html, sentIso, sentLabel, signUp } = useLoaderData<typeof loader>()
  return (
    <div className={`${containerClass} max-w-3xl py-8`}>
      <nav aria-label="Newsletter archive" className="mb-4 text-sm">
        <Link to={`/newsletters/${list.slug}`} className={textLinkClass}>
          ← All issues of {list.name}
        </Link>
      </nav>
      <header className="mb-4 border-b-2 border-foreground pb-4">
        <h1 className="font-serif text-3xl font-black tracking-tight">{list.name}</h1>
        {sentIso ? (
          <p className="mt-1 text-sm text-muted-foreground">
            Sent <time dateTime={sentIso}>{sentLabel}</time>
          </p>
        ) : null}
      </header>
      <NewsletterIssueFrame html={html} title={subject || list.name} />
      <div className="mt-10">
        <NewsletterListSignUp listId={list.id} listName={list.name} lists={signUp} />
      </div>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? errorMeta('Newsletter issue not found')
