import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  newsletterDeliveries,
  newsletterIssues,
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
} from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser, sessionCookie, toastFrom } from '../../tests/setup/auth-fixtures'
import { callRoute, expectUnexpectedFailure, get, post } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { action, loader } from './admin.newsletters'
import { action as issueAction, loader as issueLoader } from './admin.newsletters_.issues.$id'
import { action as alertAction, loader as alertLoader } from './admin.articles.$id.newsletter-alert'

let editor = ''
let author = { id: '', cookie: '' }

beforeAll(async () => {
  const e = await createTestUser({ role: 'editor' })
  editor = await sessionCookie(e)
  const a = await createTestUser({ role: 'author' })
  author = { id: a.id, cookie: await sessionCookie(a) }
  // Two confirmed readers on every list.
  const db = getDb()
  const readers = await db
    .insert(newsletterSubscribers)
    .values(
      ['one@example.com', 'two@example.com'].map((email) => ({
        email,
        confirmToken: email,
        confirmedAt: new Date(),
      })),
    )
    .returning({ id: newsletterSubscribers.id })
  const lists = await db.select({ id: newsletterLists.id }).from(newsletterLists)
  await db
    .insert(newsletterSubscriptions)
    .values(readers.flatMap((r) => lists.map((l) => ({ subscriberId: r.id, listId: l.id }))))
})

const URL = '/admin/newsletters'

describe('/admin/newsletters', () => {
  it('creates a list, refuses a bad one with field errors, and starts an edition', async () => {
    const bad = await callRoute(
      action,
      post(editor, URL, { intent: 'create-list', name: '', kind: 'digest', timeZone: 'Nowhere' }),
    )
    expect(bad.status).toBe(400)
    const { fieldErrors } = await bad.json()
    expect(Object.keys(fieldErrors)).toEqual(
      expect.arrayContaining(['name', 'timeZone', 'cadence', 'sendTime']),
    )

    const created = await callRoute(
      action,
      post(editor, URL, { intent: 'create-list', name: 'Weekend Edition', kind: 'edition' }),
    )
    expect(await toastFrom(created)).toMatchObject({ title: 'Newsletter created' })
    const page = await (await callRoute(loader, get(editor, URL))).json()
    const list = page.lists.find((l: { name: string }) => l.name === 'Weekend Edition')
    expect(list).toMatchObject({ kind: 'edition', slug: 'weekend-edition', subscribers: 0 })

    const started = await callRoute(
      action,
      post(editor, URL, { intent: 'new-edition', id: String(list.id) }),
    )
    expect(started.status).toBe(302)
    expect(started.headers.get('location')).toMatch(/^\/admin\/newsletters\/issues\/\d+$/)
  })

  it('composes, previews, and sends an edition to its recipients once', async () => {
    const db = getDb()
    const [list] = await db
      .insert(newsletterLists)
      .values({ slug: 'composed', name: 'Composed', kind: 'edition' })
      .returning()
    const subs = await db.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers)
    await db
      .insert(newsletterSubscriptions)
      .values(subs.map((s) => ({ subscriberId: s.id, listId: list.id })))
    const story = await insertArticle({ status: 'published', title: 'The composed story' })
    const [issue] = await db
      .insert(newsletterIssues)
      .values({ listId: list.id, status: 'draft' })
      .returning()
    const url = `${URL}/issues/${issue.id}`
    const params = { id: String(issue.id) }

    const saved = await callRoute(
      issueAction,
      post(editor, url, {
        intent: 'save',
        subject: 'Our weekend',
        preheader: 'Read on',
        intro: 'Hello readers',
        articleIds: String(story.id),
      }),
      params,
    )
    expect(await toastFrom(saved)).toMatchObject({ title: 'Edition saved' })

    const page = await (await callRoute(issueLoader, get(editor, url), params)).json()
    expect(page.recipients).toBe(2)
    expect(page.preview.html).toContain('The composed story')
    expect(page.preview.text).toContain('The composed story')
    expect(page.chosen).toEqual([{ id: story.id, title: 'The composed story' }])

    const sent = await callRoute(issueAction, post(editor, url, { intent: 'send-now' }), params)
    expect(await toastFrom(sent)).toMatchObject({
      title: 'Sending',
      description: 'To 2 recipients.',
    })
    const deliveries = await db
      .select()
      .from(newsletterDeliveries)
      .where(eq(newsletterDeliveries.issueId, issue.id))
    expect(deliveries).toHaveLength(2)
    // A second press queues nobody twice; the composer refuses a sent issue.
    await callRoute(issueAction, post(editor, url, { intent: 'send-now' }), params)
    expect(
      await db
        .select()
        .from(newsletterDeliveries)
        .where(eq(newsletterDeliveries.issueId, issue.id)),
    ).toHaveLength(2)
    const late = await callRoute(
      issueAction,
      post(editor, url, { intent: 'save', subject: 'Changed' }),
      params,
    )
    expect(late.status).toBe(409)
    const report = await (await callRoute(issueLoader, get(editor, url), params)).json()
    expect(report.progress).toMatchObject({ recipients: 2 })
  })

  it('deletes a draft issue from the list page, refuses a sent one, and keeps authors out', async () => {
    const db = getDb()
    const [list] = await db.select().from(newsletterLists).limit(1)
    const [draft, sent] = await db
      .insert(newsletterIssues)
      .values([
        { listId: list.id, status: 'draft', subject: 'Never finished' },
        { listId: list.id, status: 'sent', subject: 'Went out' },
      ])
      .returning()
    const remove = (cookie: string, id: number) =>
      callRoute(action, post(cookie, URL, { intent: 'delete-issue', id: String(id) })).catch(
        (thrown: Response) => thrown,
      )

    const refused = await remove(author.cookie, draft.id)
    expect(refused.status).not.toBeLessThan(300)
    expect(
      await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, draft.id)),
    ).toHaveLength(1)

    const deleted = await remove(editor, draft.id)
    expect(await toastFrom(deleted)).toMatchObject({ type: 'success', title: 'Draft deleted' })
    expect(
      await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, draft.id)),
    ).toEqual([])
    const page = await (await callRoute(loader, get(editor, URL))).json()
    expect(page.issues.map((i: { id: number }) => i.id)).not.toContain(draft.id)

    const notDraft = await remove(editor, sent.id)
    expect(notDraft.status).toBe(409)
    expect(
      await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, sent.id)),
    ).toHaveLength(1)
    expect((await remove(editor, draft.id)).status).toBe(404)
    expect((await remove(editor, 0)).status).toBe(400)
  })

  it('refuses an unknown issue with 404 and a past schedule with 400', async () => {
    const missing = await callRoute(issueLoader, get(editor, `${URL}/issues/999999`), {
      id: '999999',
    }).catch((thrown) => thrown)
    expect(missing.init?.status ?? missing.status).toBe(404)
    expect(await missing.json()).toEqual({
      ok: false,
      code: 'NOT_FOUND',
      message: 'Newsletter issue not found',
    })
    const [list] = await getDb().select().from(newsletterLists).limit(1)
    const [issue] = await getDb()
      .insert(newsletterIssues)
      .values({ listId: list.id, status: 'draft', subject: 'Later' })
      .returning()
    const past = await callRoute(
      issueAction,
      post(editor, `${URL}/issues/${issue.id}`, { intent: 'schedule', at: '2001-01-01T07:00' }),
      { id: String(issue.id) },
    )
    expect(past.status).toBe(400)
  })
})

describe('the publishing panel’s newsletter alert', () => {
  it('counts recipients, sends once per list, and refuses a second time', async () => {
    const story = await insertArticle({
      status: 'published',
      title: 'Alert story',
      authorId: author.id,
    })
    const url = `/admin/articles/${story.id}/newsletter-alert`
    const params = { id: String(story.id) }
    const state = await (await callRoute(alertLoader, get(author.cookie, url), params)).json()
    const [alerts] = state.lists
    expect(alerts).toMatchObject({ recipients: 2, sent: null })

    const sent = await callRoute(
      alertAction,
      post(author.cookie, url, { intent: 'send-alert', listId: String(alerts.id) }),
      params,
    )
    expect(await toastFrom(sent)).toMatchObject({ title: 'Sending to subscribers' })
    const again = await callRoute(
      alertAction,
      post(author.cookie, url, { intent: 'send-alert', listId: String(alerts.id) }),
      params,
    )
    expect(again.status).toBe(409)
    const after = await (await callRoute(alertLoader, get(author.cookie, url), params)).json()
    expect(after.lists[0].sent).toMatchObject({ recipients: 2 })
  })

  it('is refused on someone else’s story for an author', async () => {
    const story = await insertArticle({ status: 'published', title: 'Not hers' })
    const url = `/admin/articles/${story.id}/newsletter-alert`
    const refused = await callRoute(alertLoader, get(author.cookie, url), {
      id: String(story.id),
    }).catch((thrown) => thrown)
    expect(refused.status ?? refused.init?.status).toBe(403)
  })
})

describe('the newsletter screens when the unexpected happens', () => {
  it('answers a list’s action with 500 and the generic message, and logs the request id', async () => {
    const body = await expectUnexpectedFailure(
      action,
      post(editor, URL, { intent: 'create-list', name: 'Never made', kind: 'edition' }),
      { table: 'newsletter_lists' },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error creating newsletter' })
  })

  it('answers an issue’s action the same way', async () => {
    const [list] = await getDb()
      .insert(newsletterLists)
      .values({ slug: 'unexpected', name: 'Unexpected', kind: 'edition' })
      .returning()
    const [issue] = await getDb()
      .insert(newsletterIssues)
      .values({ listId: list.id, status: 'draft', subject: 'Never sent' })
      .returning()
    // The issue and its list are found; counting its recipients fails.
    const body = await expectUnexpectedFailure(
      issueAction,
      post(editor, `${URL}/issues/${issue.id}`, { intent: 'send-now' }),
      { table: 'newsletter_subscriptions', params: { id: String(issue.id) } },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Send not started' })
    const [after] = await getDb()
      .select({ status: newsletterIssues.status })
      .from(newsletterIssues)
      .where(eq(newsletterIssues.id, issue.id))
    expect(after.status).toBe('draft')
  })

  it('answers the publishing panel’s "Email to subscribers" the same way', async () => {
    const story = await insertArticle({ status: 'published', authorId: author.id })
    const [alerts] = await getDb()
      .insert(newsletterLists)
      .values({ slug: 'unexpected-alerts', name: 'Unexpected alerts', kind: 'alert' })
      .returning()
    // The story and the list are found; storing the alert's issue fails.
    const body = await expectUnexpectedFailure(
      alertAction,
      post(author.cookie, `/admin/articles/${story.id}/newsletter-alert`, {
        intent: 'send-alert',
        listId: String(alerts.id),
      }),
      { table: 'newsletter_issues', params: { id: String(story.id) } },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Not sent to subscribers' })
  })
})
