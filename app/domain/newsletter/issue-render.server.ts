import { and, eq, inArray } from 'drizzle-orm'
import { articles, categories, mediaFiles, profiles } from '@db/schema/index'
import { bylineColumns } from '~/domain/authors/authors-queries.server'
import { isPublicArticle } from '~/domain/published.server'
import { describeRelatedCards } from '~/domain/related-cards.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb, type Database } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { issueAndList, type Issue, type List } from './issue-lookup.server'
import type { MailStory } from './mail-layout.server'
import { mailBody } from './mail-body.server'
import { MAIL_WIDTH, personalize, renderNewsletterMail } from './newsletter-mail.server'
import { PREFERENCES_PATH } from './preferences.server'
import { countedStoryHref } from './tracking-token.server'

// An issue's mail as a send freezes it, and the copy for anyone (preview, web version, archive).

function absolute(url: string) {
  return /^https?:\/\//i.test(url)
    ? url
    : `${getEnv().siteUrl}${url.startsWith('/') ? '' : '/'}${url}`
}

/**
 * The issue's stories as the mail shows them: public ones only, in the chosen order. A story is
 * its title, standfirst, image and link, never its body: a registered or members story reaches
 * every recipient as that teaser and a link to its page, where the one access rule decides
 * (issue 38). The same for members and everyone else, so a mail is rendered once per issue,
 * never per recipient, and its web copy and archive can be public.
 */
async function mailStories(db: Database, ids: number[]): Promise<MailStory[]> {
  if (ids.length === 0) return []
  const rows = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      excerpt: articles.excerpt,
      featuredImage: articles.featuredImage,
      category: categories.name,
      byline: bylineColumns.authorName,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(profiles, eq(profiles.id, articles.authorId))
    .where(and(inArray(articles.id, ids), isPublicArticle))
  // Pixel sizes of the site's own images (/media/<bucket>/<name>), for width/height attributes.
  const stored = rows
    .map((r) => /\/media\/([^/]+)\/([^/?#]+)$/.exec(r.featuredImage ?? ''))
    .filter((m): m is RegExpExecArray => m !== null)
  const sizes = new Map<string, { width: number | null; height: number | null }>()
  if (stored.length > 0) {
    const media = await db
      .select({
        bucket: mediaFiles.bucket,
        name: mediaFiles.name,
        width: mediaFiles.width,
        height: mediaFiles.height,
      })
      .from(mediaFiles)
      .where(
        inArray(
          mediaFiles.name,
          stored.map((m) => m[2]),
        ),
      )
    for (const m of media) sizes.set(`${m.bucket}/${m.name}`, m)
  }
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((id) => {
    const r = byId.get(id)
    if (!r) return []
    let image: MailStory['image'] = null
    if (r.featuredImage) {
      const m = /\/media\/([^/]+)\/([^/?#]+)$/.exec(r.featuredImage)
      const size = m ? sizes.get(`${m[1]}/${m[2]}`) : undefined
      // Unknown size: a 16:9 box, the site's card ratio.
      const height =
        size?.width && size.height
          ? Math.round((MAIL_WIDTH * size.height) / size.width)
          : Math.round((MAIL_WIDTH * 9) / 16)
      image = { url: absolute(r.featuredImage), width: MAIL_WIDTH, height, alt: r.title }
    }
    return [
      {
        title: r.title,
        excerpt: r.excerpt,
        url: `${getEnv().siteUrl}/article/${encodeURIComponent(r.slug)}`,
        category: r.category,
        byline: r.byline,
        image,
      },
    ]
  })
}

export function storyIdsOf(issue: Issue) {
  if (issue.articleIds.length > 0) return issue.articleIds
  return issue.articleId ? [issue.articleId] : []
}

/** The issue's web copy, "View in browser" (its page in the list's public archive). */
export function webCopyUrl(list: Pick<List, 'slug'>, issueId: number) {
  return `${getEnv().siteUrl}/newsletters/${encodeURIComponent(list.slug)}/${issueId}`
}

/**
 * The mail with its per-reader placeholders (what a send freezes on the issue). `now` is the
 * send's moment, printed in the footer (and a digest's date and greeting). `db`: an instance's
 * sender passes its own handle (sender.server.ts, `SenderOptions.db`).
 */
export async function renderTemplate(
  issue: Issue,
  list: List,
  { now = new Date(), db = getDb() }: { now?: Date; db?: Database } = {},
) {
  const stories = await mailStories(db, storyIdsOf(issue))
  const subject = issue.subject || stories[0]?.title || list.name
  const preheader = issue.preheader || stories[0]?.excerpt || ''
  const settings = await getSiteSettings()
  const { html, text } = await renderNewsletterMail(
    {
      brand: settings.logoText || 'Broadsheet',
      listName: list.name,
      kind: list.kind,
      cadence: list.cadence,
      subject,
      preheader,
      intro: mailBody(issue.intro, {
        siteUrl: `${getEnv().siteUrl}/`,
        cards: await describeRelatedCards(issue.intro, db),
        width: MAIL_WIDTH,
      }),
      stories,
      siteUrl: `${getEnv().siteUrl}/`,
      webUrl: webCopyUrl(list, issue.id),
      sentAt: issue.startedAt ?? issue.scheduledAt ?? now,
      timeZone: settings.timeZone,
    },
    // Story links through the site's own counted redirect (issue 36), unless switched off.
    { storyHref: settings.newsletterClickCounting ? countedStoryHref : undefined },
  )
  return { subject, preheader, html, text, storyCount: stories.length }
}

/**
 * A copy for anyone (the web version, the archive, the preview): the reader's links lead to
 * the preferences page, which asks for the link from one's own mail.
 */
export function webCopy(content: string) {
  const page = `${getEnv().siteUrl}${PREFERENCES_PATH}`
  return personalize(content, { unsubscribeUrl: page, preferencesUrl: page })
}

/**
 * The issue as it is (or was) mailed: what the send froze once it started, a fresh rendering
 * before. For previews and the web version; no reader's links in it.
 */
export async function renderIssue(
  issueId: number,
): Promise<{ subject: string; preheader: string; html: string; text: string }> {
  const { issue, list } = await issueAndList(issueId)
  if (issue.html && issue.text) {
    return {
      subject: issue.subject,
      preheader: issue.preheader,
      html: webCopy(issue.html),
      text: webCopy(issue.text),
    }
  }
  const rendered = await renderTemplate(issue, list)
  return { ...rendered, html: webCopy(rendered.html), text: webCopy(rendered.text) }
}
