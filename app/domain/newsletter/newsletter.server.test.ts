import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newsletterSubscribers, newsletterSuppressions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { readOutbox } from '~/infra/mail.server'
import { newsletterSubscribeSchema } from './newsletter-schema'
import { listNewsletterSubscribers } from './newsletter-queries.server'
import {
  confirmNewsletterSubscription,
  hashConfirmToken,
  NEWSLETTER_LIMITS,
  NewsletterError,
  subscribeToNewsletter,
} from './newsletter.server'

// A client address per call: these tests are about the subscription, not its limits.
let caller = 0
const from = () => ({ clientIp: `192.0.2.${++caller}` })

async function rowsFor(email: string) {
  return getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email))
}

async function confirmLink(email: string) {
  const mail = (await readOutbox()).find((m) => m.to.includes(email))
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(mail?.text ?? '')?.[0]
  if (!link) throw new Error(`no confirmation link mailed to ${email}`)
  return new URL(link)
}

describe('newsletterSubscribeSchema', () => {
  it('trims and lower-cases a valid address', () => {
    expect(newsletterSubscribeSchema.parse({ email: '  Reader@Example.COM ' }).email).toBe(
      'reader@example.com',
    )
  })

  it('refuses what is not an email address', () => {
    for (const email of [
      '',
      'reader',
      'reader@',
      '@example.com',
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(newsletterSubscribeSchema.safeParse({ email }).success, email).toBe(false)
    }
  })
})

describe('subscribeToNewsletter', () => {
  it('stores an unconfirmed subscriber and mails a confirmation link (double opt-in)', async () => {
    expect(await subscribeToNewsletter('first@example.com', from())).toBe('created')
    const [row] = await rowsFor('first@example.com')
    expect(row.confirmedAt).toBeNull()
    const link = await confirmLink('first@example.com')
    expect(link.origin).toBe('http://localhost:3000')
    // Only the token's hash is stored.
    const token = link.searchParams.get('token')!
    expect(row.confirmToken).toBe(hashConfirmToken(token))
    expect(row.confirmToken).not.toBe(token)
  })

  it('accepts a repeated address without a second row or a second mail', async () => {
    await subscribeToNewsletter('again@example.com', from())
    expect(await subscribeToNewsletter('again@example.com', from())).toBe('existing')
    expect(await rowsFor('again@example.com')).toHaveLength(1)
    const mails = (await readOutbox()).filter((m) => m.to.includes('again@example.com'))
    expect(mails).toHaveLength(1)
  })
})

describe('subscribeToNewsletter limits (every path that mails a confirmation calls it)', () => {
  it('mails one mailbox at most 3 times an hour, each call counted, then refuses with 429', async () => {
    const db = getDb()
    await db
      .insert(newsletterSubscribers)
      .values({ email: 'limited@example.com', confirmToken: 'x' })
    // Suppressed: every call would mail a fresh link (the profile card's "subscribe again").
    await db
      .insert(newsletterSuppressions)
      .values({ email: 'limited@example.com', reason: 'unsubscribed' })
    const outcomes = []
    for (let i = 0; i < 20; i += 1) {
      outcomes.push(
        await subscribeToNewsletter('limited@example.com', from()).then(
          (outcome) => outcome,
          (error: unknown) => error,
        ),
      )
    }
    expect(outcomes.slice(0, NEWSLETTER_LIMITS.perEmail.max)).toEqual([
      'created',
      'created',
      'created',
    ])
    for (const refused of outcomes.slice(NEWSLETTER_LIMITS.perEmail.max)) {
      expect(refused).toBeInstanceOf(NewsletterError)
      expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 })
    }
    const mails = (await readOutbox()).filter((m) => m.to.includes('limited@example.com'))
    expect(mails).toHaveLength(NEWSLETTER_LIMITS.perEmail.max)
  })

  it('refuses a call without a known client address, and mails nothing', async () => {
    await expect(
      subscribeToNewsletter('nowhere@example.com', { clientIp: null }),
    ).rejects.toMatchObject({ code: 'CLIENT_ADDRESS_UNKNOWN', status: 400 })
    expect(await rowsFor('nowhere@example.com')).toHaveLength(0)
    expect((await readOutbox()).some((m) => m.to.includes('nowhere@example.com'))).toBe(false)
  })
})

describe('confirmNewsletterSubscription', () => {
  it('confirms with the mailed token, once', async () => {
    await subscribeToNewsletter('confirm@example.com', from())
    const token = (await confirmLink('confirm@example.com')).searchParams.get('token')!
    expect((await confirmNewsletterSubscription(token)).outcome).toBe('confirmed')
    expect((await rowsFor('confirm@example.com'))[0].confirmedAt).toBeInstanceOf(Date)
    expect((await confirmNewsletterSubscription(token)).outcome).toBe('already-confirmed')
  })

  it('refuses unknown and malformed tokens', async () => {
    expect((await confirmNewsletterSubscription('x'.repeat(43))).outcome).toBe('invalid')
    expect((await confirmNewsletterSubscription('')).outcome).toBe('invalid')
    expect(
      (await confirmNewsletterSubscription("'; drop table newsletter_subscribers; --")).outcome,
    ).toBe('invalid')
  })
})

describe('listNewsletterSubscribers', () => {
  it('lists subscribers with their confirmation state', async () => {
    await subscribeToNewsletter('listed@example.com', from())
    const listed = (await listNewsletterSubscribers()).find((s) => s.email === 'listed@example.com')
    expect(listed).toMatchObject({ email: 'listed@example.com', confirmedAt: null })
  })
})
