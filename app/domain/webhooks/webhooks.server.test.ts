import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  jobQueue,
  newsletterIssues,
  newsletterLists,
  profiles,
  webhookDeliveries,
  webhookEndpoints,
} from '@db/schema/index'
import { addCorrection } from '~/domain/articles/corrections.server'
import {
  createArticle,
  deleteArticle,
  setArticleStatus,
  updateArticle,
} from '~/domain/articles/articles.server'
import { articleFormSchema, type ArticleInput } from '~/domain/articles/articles-schema'
import {
  createCategory,
  deleteCategory,
  updateCategory,
} from '~/domain/categories/categories.server'
import { postEntry, startCoverage } from '~/domain/live/live.server'
import { startIssueSend } from '~/domain/newsletter/issue-send.server'
import { liveEntrySchema } from '~/domain/live/live-schema'
import { addSocialLink, deleteSocialLink } from '~/domain/settings/settings.server'
import { createTag, deleteTag, updateTag } from '~/domain/tags/tags.server'
import { getDb } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { drainQueue } from '~/infra/jobs/queue-worker.server'
import { readOutbox } from '~/infra/mail.server'
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/setup/webhook-receiver'
import { RETRY_WINDOW_MS, webhookDeliveryJob, webhookNoticesJob } from './webhook-delivery.server'
import {
  createWebhookEndpoint,
  resendWebhookDelivery,
  WebhookError,
} from './webhook-endpoints.server'
import { webhookEventsJob } from './webhook-events.server'
import { WEBHOOK_DELIVERY_JOB } from './webhook-jobs'
import { decryptWebhookSecret, encryptWebhookSecret } from './webhook-secret.server'

let editor: { id: string; role: 'editor' }
let receiver: WebhookReceiver

beforeAll(async () => {
  const id = crypto.randomUUID()
  await getDb()
    .insert(profiles)
    .values({ id, email: `hooks-${id}@example.com`, username: 'hooks', role: 'editor' })
  editor = { id, role: 'editor' }
  receiver = await startWebhookReceiver()
})
afterAll(() => receiver.close())

beforeEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = 'true'
  resetEnvCache()
  receiver.received.length = 0
  receiver.answer = 200
})
afterEach(async () => {
  await getDb().delete(webhookEndpoints)
})

function input(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    ...articleFormSchema.parse({ title: 'Ferry timetable changes', content: '<p>Body</p>' }),
    ...overrides,
  }
}

async function endpoint(events: Parameters<typeof createWebhookEndpoint>[0]['events']) {
  const made = await createWebhookEndpoint({ url: receiver.url, events, createdBy: null })
  receiver.secret = made.secret
  return made
}

/** Runs the outbox's events and the deliveries due now (real time unless `clock`). */
async function deliver(clock?: () => Date) {
  await drainQueue(webhookEventsJob)
  return drainQueue(webhookDeliveryJob(clock))
}

async function deliveriesOf(endpointId: number) {
  return getDb()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.id)
}

/** The next try's queue entry is made due now (the back-off's time passed). */
async function makeRetriesDue() {
  await getDb()
    .update(jobQueue)
    .set({ runAt: sql`now()` })
    .where(sql`${jobQueue.job} = ${WEBHOOK_DELIVERY_JOB} and ${jobQueue.status} = 'queued'`)
}

describe('endpoint secrets', () => {
  it('are sealed so that only this site secret opens them, and a change is refused', () => {
    const sealed = encryptWebhookSecret('whsec_abc')
    expect(sealed).not.toContain('abc')
    expect(encryptWebhookSecret('whsec_abc')).not.toBe(sealed)
    expect(decryptWebhookSecret(sealed)).toBe('whsec_abc')
    const [format, iv, tag, body] = sealed.split('.')
    const changed = Buffer.from(body!, 'base64url')
    changed[0] = changed[0]! ^ 1
    expect(() =>
      decryptWebhookSecret([format, iv, tag, changed.toString('base64url')].join('.')),
    ).toThrow()
  })
})

describe('endpoint addresses', () => {
  it('are http(s) only, and private or loopback ones only with WEBHOOK_ALLOW_PRIVATE', async () => {
    const refused = (url: string) =>
      createWebhookEndpoint({ url, events: ['article.published'], createdBy: null }).then(
        () => null,
        (e: unknown) => e,
      )
    expect(await refused('ftp://example.com/hook')).toMatchObject({ code: 'BAD_ADDRESS' })
    expect(await refused('not an address')).toMatchObject({ code: 'BAD_ADDRESS' })
    process.env.WEBHOOK_ALLOW_PRIVATE = 'false'
    resetEnvCache()
    for (const url of ['http://127.0.0.1:6200/x', 'http://10.1.2.3/x', 'http://[::1]/x']) {
      const error = await refused(url)
      expect(error).toBeInstanceOf(WebhookError)
      expect((error as WebhookError).message).toMatch(/private or local address/)
    }
  })

  it('are checked again at send time: an endpoint stored as allowed is refused once not', async () => {
    const { endpoint: hook } = await endpoint(['article.published'])
    process.env.WEBHOOK_ALLOW_PRIVATE = 'false'
    resetEnvCache()
    await createArticle(input({ status: 'published' }), editor)
    await deliver()
    expect(receiver.received).toHaveLength(0)
    const [delivery] = await deliveriesOf(hook.id)
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null })
    expect(delivery!.lastError).toMatch(/private address/)
  })
})

describe('webhook deliveries', () => {
  it('sends each public change signed per Standard Webhooks, verified by the standardwebhooks package', async () => {
    const { endpoint: hook, secret } = await endpoint([
      'article.published',
      'article.updated',
      'article.unpublished',
      'article.deleted',
      'correction.added',
    ])
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    const [stored] = await getDb()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.id))
    expect(stored!.secretCiphertext).not.toContain(secret.slice(6))

    // A draft is no event; publishing, editing, a correction, taking down, deleting are.
    const draft = await createArticle(input({ title: 'Council budget' }), editor)
    await deliver()
    expect(receiver.received).toHaveLength(0)
    await updateArticle(draft.id, input({ title: 'Council budget', status: 'published' }), editor)
    await deliver()
    await updateArticle(
      draft.id,
      input({ title: 'Council budget, revised', status: 'published' }),
      editor,
    )
    await deliver()
    await addCorrection(draft.id, { text: 'The sum was £3m, not £30m.', correctedAt: null }, editor)
    await deliver()
    await setArticleStatus(draft.id, 'hide', editor)
    await deliver()
    await deleteArticle(draft.id)
    await deliver()

    const received = await receiver.waitFor(4)
    expect(received.map((r) => r.body.type)).toEqual([
      'article.published',
      'article.updated',
      'correction.added',
      'article.unpublished',
    ])
    // A hidden article deleted was no longer public: its deletion tells nothing new.
    expect(received.every((r) => r.verified)).toBe(true)
    expect(new Set(received.map((r) => r.id)).size).toBe(received.length)
    const published = received[0]!.body
    expect(published.data.article).toMatchObject({
      id: draft.id,
      title: 'Council budget',
      slug: 'council-budget',
      html: expect.stringContaining('Body'),
      previewOnly: false,
    })
    expect(received[1]!.body.data.article).toMatchObject({ title: 'Council budget, revised' })
    expect(received[2]!.body.data.correction).toMatchObject({ text: 'The sum was £3m, not £30m.' })
    expect(received[3]!.body.data).toEqual({ article: { id: draft.id, slug: 'council-budget' } })
    expect(await deliveriesOf(hook.id)).toHaveLength(4)
  })

  it('tells of live entries, categories, tags and the site, each in the transaction of its change', async () => {
    const subscribed = [
      'live_entry.published',
      'category.created',
      'category.updated',
      'category.deleted',
      'tag.created',
      'tag.updated',
      'tag.deleted',
      'site.changed',
    ] as const
    await endpoint([...subscribed])
    const story = await createArticle(input({ title: 'Count night', status: 'published' }), editor)
    await startCoverage(story.id)
    const entry = await postEntry(
      story.id,
      liveEntrySchema.parse({ headline: 'First ward declared', content: '<p>Turnout 61%.</p>' }),
      editor,
      { publish: true },
    )
    // A contributor's entry waiting for approval is not public: no event.
    await postEntry(
      story.id,
      liveEntrySchema.parse({ headline: 'Pending', content: '<p>Not yet.</p>' }),
      editor,
      { publish: false },
    )
    const category = await createCategory({ name: 'Elections', slug: 'elections', description: '' })
    await updateCategory(category.id, { name: 'Election 2026', slug: 'elections', description: '' })
    await deleteCategory(category.id)
    const tag = await createTag({ name: 'Turnout' })
    await updateTag(tag.id, { name: 'Voter turnout' })
    await deleteTag(tag.id)
    const link = await addSocialLink({
      platform: 'Facebook',
      url: 'https://facebook.example/paper',
      icon: 'facebook',
    })
    await deleteSocialLink(link.id)
    // A change refused (the link is gone) commits nothing, its event neither.
    await expect(deleteSocialLink(link.id)).rejects.toThrow()
    await deliver()

    const received = await receiver.waitFor(9)
    expect(received.every((r) => r.verified)).toBe(true)
    expect(receiver.received).toHaveLength(9)
    // The events are fanned out a few at a time: their order at the receiver is not the changes'.
    // The site changes twice: a social link added, then deleted.
    const types = [...subscribed, 'site.changed']
    expect(received.map((r) => r.body.type).sort()).toEqual([...types].sort())
    const of = (type: string) => received.find((r) => r.body.type === type)!
    const [live, created, updated, tagCreated, tagUpdated, site] = [
      'live_entry.published',
      'category.created',
      'category.updated',
      'tag.created',
      'tag.updated',
      'site.changed',
    ].map(of)
    expect(live!.body.data.entry).toMatchObject({ id: entry.id, headline: 'First ward declared' })
    expect(live!.body.data.article).toMatchObject({ id: story.id, title: 'Count night' })
    expect(created!.body.data.category).toMatchObject({
      id: category.id,
      slug: 'elections',
      name: 'Elections',
    })
    expect(updated!.body.data.category).toMatchObject({
      name: 'Election 2026',
      url: expect.stringMatching(/\/category\/elections$/),
    })
    expect(tagCreated!.body.data.tag).toMatchObject({ id: tag.id, name: 'Turnout' })
    expect(tagUpdated!.body.data.tag).toMatchObject({ name: 'Voter turnout' })
    expect(site!.body.data.site).toMatchObject({
      name: expect.any(String),
      timeZone: expect.any(String),
    })
  })

  it('tells of a newsletter issue sent once, with its web version, never of a draft', async () => {
    await endpoint(['newsletter_issue.sent'])
    const story = await createArticle(input({ title: 'Harbour vote', status: 'published' }), editor)
    const [list] = await getDb()
      .insert(newsletterLists)
      .values({ slug: 'morning-hooks', name: 'Morning edition', kind: 'edition' })
      .returning()
    const [issue] = await getDb()
      .insert(newsletterIssues)
      .values({ listId: list!.id, subject: 'Today: the harbour vote', articleIds: [story.id] })
      .returning()
    await deliver()
    expect(receiver.received).toHaveLength(0)
    await startIssueSend(issue!.id)
    // A second start (another click, another instance) sends nothing new.
    await startIssueSend(issue!.id)
    await deliver()
    const [sent] = await receiver.waitFor(1)
    expect(receiver.received).toHaveLength(1)
    expect(sent!.verified).toBe(true)
    expect(sent!.body.data.issue).toMatchObject({
      id: issue!.id,
      subject: 'Today: the harbour vote',
    })
  })

  it('tells of a published article deleted, and gives a members story as its preview', async () => {
    await endpoint(['article.published', 'article.deleted'])
    const paragraphs = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 1}</p>`).join('')
    const gated = await createArticle(
      input({ status: 'published', access: 'members', content: paragraphs }),
      editor,
    )
    await deliver()
    await deleteArticle(gated.id)
    await deliver()
    const [published, deleted] = await receiver.waitFor(2)
    expect(published!.body.data.article).toMatchObject({ id: gated.id, previewOnly: true })
    expect(published!.raw).not.toContain('Paragraph 8')
    expect(deleted!.body).toMatchObject({
      type: 'article.deleted',
      data: { article: { id: gated.id } },
    })
  })

  it('sends only the events an endpoint asked for, and nothing to a disabled one', async () => {
    await endpoint(['article.deleted'])
    const other = await createWebhookEndpoint({
      url: receiver.url,
      events: ['article.published'],
      createdBy: null,
    })
    await getDb()
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, other.endpoint.id))
    await createArticle(input({ status: 'published' }), editor)
    await deliver()
    expect(receiver.received).toHaveLength(0)
  })

  it('retries a failed try after a back-off, with the same message id, until it is delivered', async () => {
    const { endpoint: hook } = await endpoint(['article.published'])
    receiver.answer = 500
    await createArticle(input({ status: 'published' }), editor)
    const started = Date.now()
    await deliver()
    let [delivery] = await deliveriesOf(hook.id)
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 })
    // The next try waits 30 s: draining now sends nothing.
    expect(delivery!.nextAttemptAt!.getTime() - started).toBeGreaterThanOrEqual(29_000)
    expect(await deliver()).toBe(0)

    receiver.answer = 200
    await makeRetriesDue()
    await deliver()
    ;[delivery] = await deliveriesOf(hook.id)
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200 })
    expect(receiver.received.map((r) => r.id)).toEqual([delivery!.messageId, delivery!.messageId])
    expect(receiver.received.every((r) => r.verified)).toBe(true)
  })

  it('gives up after 24 h of failing, disables the endpoint and mails the admins', async () => {
    const admin = crypto.randomUUID()
    await getDb()
      .insert(profiles)
      .values({
        id: admin,
        email: `admin-${admin}@example.com`,
        username: 'hookadmin',
        role: 'admin',
      })
    const { endpoint: hook } = await endpoint(['article.published'])
    receiver.answer = 503
    await createArticle(input({ status: 'published' }), editor)
    const start = Date.now()
    await deliver(() => new Date(start))
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'pending', attempts: 1 })

    // The clock moves on to just past 24 h after the first try: the last try fails too.
    await makeRetriesDue()
    await deliver(() => new Date(start + RETRY_WINDOW_MS + 1000))
    const [delivery] = await deliveriesOf(hook.id)
    expect(delivery).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: null })
    const [stored] = await getDb()
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, hook.id))
    expect(stored).toMatchObject({ enabled: false })
    expect(stored!.disabledReason).toMatch(/24 hours/)

    expect(await drainQueue(webhookNoticesJob)).toBe(1)
    const mails = (await readOutbox()).filter((m) => m.to.includes(`admin-${admin}@example.com`))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(
      'Webhooks to 127.0.0.1:' + new URL(receiver.url).port + ' are disabled',
    )
    // Nothing more goes to it, and a resend is refused until it is enabled again.
    await expect(resendWebhookDelivery(hook.id, delivery!.id)).rejects.toMatchObject({
      code: 'DISABLED',
    })
  })

  it('resends a delivery once, with the same id; a try overtaken by the resend sends nothing', async () => {
    const { endpoint: hook } = await endpoint(['article.published'])
    receiver.answer = 500
    await createArticle(input({ status: 'published' }), editor)
    await deliver()
    receiver.answer = 200
    const [failed] = await deliveriesOf(hook.id)
    await resendWebhookDelivery(hook.id, failed!.id)
    // Both the back-off's entry and the resend's are due: only the resend's sends.
    await makeRetriesDue()
    await deliver()
    expect(receiver.received).toHaveLength(2)
    expect((await deliveriesOf(hook.id))[0]).toMatchObject({ status: 'delivered', attempts: 2 })
    await resendWebhookDelivery(hook.id, failed!.id)
    await deliver()
    expect(receiver.received.map((r) => r.id)).toEqual(Array(3).fill(failed!.messageId))
  })
})
