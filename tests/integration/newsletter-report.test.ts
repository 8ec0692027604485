import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  newsletterClicks,
  newsletterIssues,
  newsletterLists,
  newsletterOpens,
  newsletterSubscribers,
  newsletterSubscriptions,
} from '@db/schema/index'
import { sendArticleAlert } from '~/domain/newsletter/alert-send.server'
import { issueReport } from '~/domain/newsletter/report.server'
import { NewsletterSender } from '~/domain/newsletter/sender.server'
import { clickToken, readOpenToken } from '~/domain/newsletter/tracking-token.server'
import { setNewsletterCounting } from '~/domain/settings/settings.server'
import { getDb } from '~/infra/db.server'
import { loader as clickLoader } from '~/routes/n.c.$token'
import { loader as openLoader } from '~/routes/n.o.$token'
import { insertArticle } from '../setup/content-fixtures'
import { parseMessage, startMailSink, stopMailSink, type SmtpSink } from '../setup/smtp-sink'

let sink: SmtpSink
let seq = 0

beforeAll(async () => {
  sink = await startMailSink()
})

afterEach(async () => {
  sink.messages.length = 0
  await setNewsletterCounting('clicks', true)
  await setNewsletterCounting('opens', false)
})

afterAll(async () => {
  await stopMailSink(sink)
})

/** An alert list with `count` confirmed readers, one story sent to it and delivered. */
async function sentAlert(count = 2) {
  seq++
  const [list] = await getDb()
    .insert(newsletterLists)
    .values({ slug: `report-${seq}`, name: `Report ${seq}`, kind: 'alert' })
    .returning()
  const readers = await getDb()
    .insert(newsletterSubscribers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `report${seq}-${i}@example.test`,
        confirmToken: `report-${seq}-${i}`,
        confirmedAt: new Date(),
      })),
    )
    .returning()
  await getDb()
    .insert(newsletterSubscriptions)
    .values(readers.map((r) => ({ subscriberId: r.id, listId: list.id })))
  const article = await insertArticle({ title: `Harbour bridge reopens ${seq}` })
  const { issueId } = await sendArticleAlert({ articleId: article.id, listId: list.id })
  await new NewsletterSender({ ratePerMinute: 0, buildDigests: false }).tick()
  return { list, readers, article, issueId }
}

async function clickLinksOf(index: number) {
  const mail = await parseMessage(sink.messages[index])
  const html = typeof mail.html === 'string' ? mail.html : ''
  return {
    html,
    text: mail.text ?? '',
    links: [...new Set(html.match(/http:\/\/localhost:3000\/n\/c\/[A-Za-z0-9._-]+/g) ?? [])],
  }
}

function follow(url: string) {
  const token = new URL(url).pathname.replace('/n/c/', '')
  return clickLoader({
    params: { token },
    request: new Request(url),
    context: {},
  } as unknown as Parameters<typeof clickLoader>[0])
}

async function clicksOf(issueId: number) {
  return getDb().select().from(newsletterClicks).where(eq(newsletterClicks.issueId, issueId))
}

describe('the delivery report', () => {
  it('stores when the sender claimed the first batch and when the last message went', async () => {
    const { issueId } = await sentAlert()
    const [issue] = await getDb()
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issueId))
    expect(issue.status).toBe('sent')
    expect(issue.deliveryStartedAt).toBeInstanceOf(Date)
    expect(issue.deliveryFinishedAt).toBeInstanceOf(Date)
    expect(issue.deliveryFinishedAt!.getTime()).toBeGreaterThanOrEqual(
      issue.deliveryStartedAt!.getTime(),
    )
    const { rows } = (await getDb().execute(
      sql`select max(sent_at) as last from newsletter_deliveries where issue_id = ${issueId}`,
    )) as unknown as { rows: { last: string | Date }[] }
    expect(issue.deliveryFinishedAt!.getTime()).toBe(new Date(rows[0].last).getTime())
  })

  it('counts a click through the redirect once per reader and lands on the story (302)', async () => {
    const { issueId, article } = await sentAlert()
    const { links, text } = await clickLinksOf(0)
    // The title, the image-less "Read the story": every story link goes through the site.
    expect(links.length).toBeGreaterThan(0)
    expect(text).toContain('http://localhost:3000/n/c/')
    expect(text).not.toContain(`/article/${article.slug}`)

    const response = await follow(links[0])
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(
      `http://localhost:3000/article/${encodeURIComponent(article.slug)}`,
    )
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    // The same reader again, and through the story's other link: one unique click.
    await follow(links[0])
    await follow(links[links.length - 1])
    expect(await clicksOf(issueId)).toHaveLength(1)

    // Another reader's copy carries their own token.
    const other = await clickLinksOf(1)
    expect(other.links[0]).not.toBe(links[0])
    await follow(other.links[0])

    const report = await issueReport(issueId)
    expect(report?.links).toEqual([
      {
        title: article.title,
        url: `http://localhost:3000/article/${encodeURIComponent(article.slug)}`,
        clicks: 2,
      },
    ])
    expect(report?.opens).toBeNull()
  })

  it('counts every click of a link without a reader', async () => {
    const { issueId, article } = await sentAlert(1)
    const url = `http://localhost:3000/article/${encodeURIComponent(article.slug)}`
    const anonymous = `http://localhost:3000/n/c/${clickToken({ issueId, subscriberId: 0, url })}`
    expect((await follow(anonymous)).status).toBe(302)
    expect((await follow(anonymous)).status).toBe(302)
    expect(await clicksOf(issueId)).toHaveLength(2)
  })

  it('refuses a tampered token or a link the issue did not carry: 404, no redirect', async () => {
    const { issueId } = await sentAlert(1)
    const { links } = await clickLinksOf(0)
    const token = new URL(links[0]).pathname.replace('/n/c/', '')
    const [issue36, reader36, encoded, signature] = token.split('.')
    const evil = Buffer.from('https://evil.example/phish').toString('base64url')
    const forged = [
      `${issue36}.${reader36}.${evil}.${signature}`,
      `${issue36}.${reader36}.${encoded}.${'A'.repeat(22)}`,
      `${issue36}.${(Number.parseInt(reader36, 36) + 1).toString(36)}.${encoded}.${signature}`,
      'not-a-token',
    ]
    for (const bad of forged) {
      const response = await follow(`http://localhost:3000/n/c/${bad}`)
      expect(response.status).toBe(404)
      expect(response.headers.get('Location')).toBeNull()
    }
    // Correctly signed, but not a link of this issue; and not http(s) at all.
    for (const url of ['https://evil.example/phish', 'javascript:alert(1)']) {
      const response = await follow(
        `http://localhost:3000/n/c/${clickToken({ issueId, subscriberId: 0, url })}`,
      )
      expect(response.status).toBe(404)
      expect(response.headers.get('Location')).toBeNull()
    }
    expect(await clicksOf(issueId)).toHaveLength(0)
  })

  it('sends bare story links and counts nothing while click counting is off', async () => {
    await setNewsletterCounting('clicks', false)
    const { article } = await sentAlert(1)
    const { html, links } = await clickLinksOf(0)
    expect(links).toEqual([])
    expect(html).toContain(`http://localhost:3000/article/${encodeURIComponent(article.slug)}`)
  })

  it('counts opens only when an admin turned them on', async () => {
    const off = await sentAlert(1)
    expect((await clickLinksOf(0)).html).not.toContain('/n/o/')
    sink.messages.length = 0

    await setNewsletterCounting('opens', true)
    const on = await sentAlert(1)
    const { html } = await clickLinksOf(0)
    const src = /src="http:\/\/localhost:3000\/n\/o\/([A-Za-z0-9._-]+)"/.exec(html)
    expect(src).not.toBeNull()
    expect(readOpenToken(src![1])).toEqual({ issueId: on.issueId, subscriberId: on.readers[0].id })
    const open = () =>
      openLoader({
        params: { token: src![1] },
        request: new Request(`http://localhost:3000/n/o/${src![1]}`),
        context: {},
      } as unknown as Parameters<typeof openLoader>[0])
    const response = await open()
    expect(response.headers.get('Content-Type')).toBe('image/gif')
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    await open()
    expect((await issueReport(on.issueId))?.opens).toBe(1)

    // Switched off again: the image still answers, nothing more is counted.
    await setNewsletterCounting('opens', false)
    await getDb().delete(newsletterOpens)
    await open()
    expect(await getDb().select().from(newsletterOpens)).toHaveLength(0)
    expect((await issueReport(off.issueId))?.opens).toBeNull()
  })
})
