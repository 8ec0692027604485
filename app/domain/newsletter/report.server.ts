import { eq, inArray, sql } from 'drizzle-orm'
import { articles, newsletterIssues } from '@db/schema/index'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { rowsOf } from './issue-lookup.server'
import type { ReportFigures } from './issue-views'
import { CLICK_PATH, type ClickClaim } from './tracking-token.server'

// The delivery report's bookkeeping (issue 36): clicks through the site's own redirect and,
// when an admin turns them on, approximate opens. The tokens are checked before these run.

/**
 * Where a click goes, once counted; null when the link was not in the issue (no redirect).
 * A subscriber's clicks count once per link; a click without one counts every time. Nothing is
 * counted while click counting is off, or for the generic copy's links (issue 0).
 */
export async function recordClick(claim: ClickClaim): Promise<string | null> {
  if (claim.issueId === 0) return claim.url
  const db = getDb()
  const [issue] = await db
    .select({ html: newsletterIssues.html, text: newsletterIssues.text })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.id, claim.issueId))
  // Only a link the issue carried when its send started (frozen with issue and reader 0).
  const frozen = `${CLICK_PATH}0.0.${claim.encodedUrl}.`
  if (!issue || !`${issue.html ?? ''}${issue.text ?? ''}`.includes(frozen)) return null
  if (!(await getSiteSettings()).newsletterClickCounting) return claim.url
  await db.execute(sql`
    insert into newsletter_clicks (issue_id, subscriber_id, url)
    values (${claim.issueId},
            (select id from newsletter_subscribers where id = ${claim.subscriberId}),
            ${claim.url})
    on conflict (issue_id, url, subscriber_id) where subscriber_id is not null do nothing`)
  return claim.url
}

/** An open, once per subscriber and issue; only while opens are counted. */
export async function recordOpen(claim: { issueId: number; subscriberId: number }) {
  if (!(await getSiteSettings()).newsletterOpenCounting) return
  await getDb().execute(sql`
    insert into newsletter_opens (issue_id, subscriber_id)
    select id, (select id from newsletter_subscribers where id = ${claim.subscriberId})
    from newsletter_issues where id = ${claim.issueId}
    on conflict (issue_id, subscriber_id) where subscriber_id is not null do nothing`)
}

export interface IssueReport extends ReportFigures {
  deliveryStartedAt: Date | null
  deliveryFinishedAt: Date | null
}

export async function issueReport(issueId: number): Promise<IssueReport | null> {
  const db = getDb()
  const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId))
  if (!issue) return null
  const ids =
    issue.articleIds.length > 0 ? issue.articleIds : issue.articleId ? [issue.articleId] : []
  const stories = ids.length
    ? await db
        .select({ id: articles.id, title: articles.title, slug: articles.slug })
        .from(articles)
        .where(inArray(articles.id, ids))
    : []
  const counted = await rowsOf<{ url: string; n: number | string }>(
    sql`select url, count(*)::int as n from newsletter_clicks
        where issue_id = ${issueId} group by url`,
  )
  const clicksOf = new Map(counted.map((c) => [c.url, Number(c.n)]))
  const site = getEnv().siteUrl
  const links: IssueReport['links'] = []
  for (const id of ids) {
    const story = stories.find((s) => s.id === id)
    if (!story) continue
    const url = `${site}/article/${encodeURIComponent(story.slug)}`
    links.push({ title: story.title, url, clicks: clicksOf.get(url) ?? 0 })
    clicksOf.delete(url)
  }
  // A story whose address changed since the send, or a link that is not a story.
  for (const [url, clicks] of clicksOf) links.push({ title: url, url, clicks })
  const settings = await getSiteSettings()
  const [opened] = settings.newsletterOpenCounting
    ? await rowsOf<{ n: number | string }>(
        sql`select count(*)::int as n from newsletter_opens where issue_id = ${issueId}`,
      )
    : [undefined]
  return {
    deliveryStartedAt: issue.deliveryStartedAt,
    deliveryFinishedAt: issue.deliveryFinishedAt,
    links,
    clicks: links.reduce((sum, link) => sum + link.clicks, 0),
    opens: opened ? Number(opened.n) : null,
  }
}
