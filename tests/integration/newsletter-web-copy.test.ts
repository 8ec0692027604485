import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterIssues, newsletterLists } from '@db/schema/index'
import { startIssueSend } from '~/domain/newsletter/issue-send.server'
import { getDb } from '~/infra/db.server'
import { startTestServer, type TestServer } from '../setup/app-server'
import { insertArticle } from '../setup/content-fixtures'

// Issue 36: "View in browser" in a mail leads to the issue's page in the list's public archive,
// a site page (header, the way back to the archive) that shows the mail and offers the list's
// own sign-up with the list ticked.
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

async function sentAlert(slug: string) {
  const db = getDb()
  const [list] = await db
    .insert(newsletterLists)
    .values({ slug, name: 'Web Copy Alerts', kind: 'alert' })
    .returning()
  const article = await insertArticle({ title: 'Tide tables rewritten after the survey' })
  const [issue] = await db
    .insert(newsletterIssues)
    .values({
      listId: list.id,
      status: 'draft',
      subject: article.title,
      articleIds: [article.id],
    })
    .returning()
  // No subscriber: the send starts and ends at once, its mail frozen on the issue.
  await startIssueSend(issue.id)
  const [frozen] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue.id))
  return { list, article, issue: frozen }
}

describe('the web copy of an issue', () => {
  it('is where the mail’s "View in browser" leads, and answers 200 with the site around it', async () => {
    const { list, article, issue } = await sentAlert('web-copy-alerts')
    expect(issue.status).toBe('sent')
    const href = /<a href="([^"]+)"[^>]*>View in browser<\/a>/.exec(issue.html ?? '')?.[1]
    expect(href).toBe(`http://localhost:3000/newsletters/${list.slug}/${issue.id}`)
    const response = await server.fetch(new URL(href!).pathname)
    expect(response.status).toBe(200)
    const page = await response.text()
    // The site's header, the way back to the archive, the mail (in its frame's srcdoc).
    expect(page).toContain('<header')
    expect(page).toMatch(
      new RegExp(
        `<a[^>]*href="/newsletters/${list.slug}"[^>]*>← All issues of <!-- -->Web Copy Alerts`,
      ),
    )
    expect(page).toContain(`title="${article.title}"`)
    expect(page).toContain('srcDoc=')
    expect(page).toContain(article.title)
  })

  it('lists the issue on the archive page, which has a sign-up with that list ticked', async () => {
    const { list } = await sentAlert('web-copy-sign-up')
    const response = await server.fetch(`/newsletters/${list.slug}`)
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).toContain('Get Web Copy Alerts by email')
    // The archive's own form (the footer's follows it): this list ticked, no other.
    const form = page.slice(page.indexOf('Get Web Copy Alerts by email'))
    const boxes = [
      ...form.slice(0, form.indexOf('</form>')).matchAll(/<input[^>]*name="list"[^>]*>/g),
    ]
    expect(boxes.length).toBeGreaterThan(1)
    const ticked = boxes
      .filter(([input]) => /\schecked/.test(input))
      .map(([input]) => Number(/value="(\d+)"/.exec(input)?.[1]))
    expect(ticked).toEqual([list.id])
  })
})
