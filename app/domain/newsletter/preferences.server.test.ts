import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletterSuppressions,
} from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { readOutbox } from '~/infra/mail.server'
import { confirmNewsletterSubscription, subscribeToNewsletter } from './newsletter.server'
import {
  chooseLists,
  leaveEverything,
  preferencesByEmail,
  preferencesByToken,
  preferencesUrl,
  setPaused,
} from './preferences.server'

// A client address per call: these tests are about the subscription, not its limits.
let caller = 0
const from = () => ({ clientIp: `192.0.2.${++caller}` })

async function confirmTokenOf(email: string) {
  const mail = (await readOutbox()).find((m) => m.to.includes(email))
  return /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '')![1]
}

async function subscribeAndConfirm(email: string) {
  await subscribeToNewsletter(email, from())
  expect((await confirmNewsletterSubscription(await confirmTokenOf(email))).outcome).toBe(
    'confirmed',
  )
  return (await preferencesByEmail(email))!
}

async function suppressionOf(email: string) {
  const [row] = await getDb()
    .select()
    .from(newsletterSuppressions)
    .where(eq(newsletterSuppressions.email, email))
  return row ?? null
}

describe('the footer form and the default lists', () => {
  it('subscribes a confirmed address to the lists marked default, with its consent date and a preferences key', async () => {
    const prefs = await subscribeAndConfirm('defaults@example.com')
    const defaults = await getDb()
      .select({ name: newsletterLists.name })
      .from(newsletterLists)
      .where(eq(newsletterLists.isDefault, true))
    expect(prefs.lists.filter((l) => l.subscribed).map((l) => l.name)).toEqual(
      defaults.map((d) => d.name).sort(),
    )
    const [row] = await getDb()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'defaults@example.com'))
    expect(row.consentedAt).toBeInstanceOf(Date)
    expect(preferencesUrl(row)).toBe(
      `http://localhost:3000/newsletter/preferences?t=${row.preferencesToken}`,
    )
    expect((await preferencesByToken(row.preferencesToken!))?.email).toBe('defaults@example.com')
  })

  it('does not subscribe an unconfirmed address to anything', async () => {
    await subscribeToNewsletter('waiting@example.com', from())
    const prefs = await preferencesByEmail('waiting@example.com')
    expect(prefs?.lists.some((l) => l.subscribed)).toBe(false)
  })
})

describe('preferences', () => {
  it('chooses lists, pauses and resumes', async () => {
    const prefs = await subscribeAndConfirm('chooser@example.com')
    const one = prefs.lists[0].id
    await chooseLists(prefs.subscriberId, [one, 999999])
    let now = (await preferencesByEmail('chooser@example.com'))!
    expect(now.lists.filter((l) => l.subscribed).map((l) => l.id)).toEqual([one])
    await setPaused(prefs.subscriberId, true)
    now = (await preferencesByEmail('chooser@example.com'))!
    expect(now.paused).toBe(true)
    await setPaused(prefs.subscriberId, false)
    expect((await preferencesByEmail('chooser@example.com'))!.paused).toBe(false)
  })

  it('leaving everything suppresses the address; it comes back only through a fresh opt-in', async () => {
    const prefs = await subscribeAndConfirm('leaver@example.com')
    await leaveEverything(prefs.subscriberId)
    const left = (await preferencesByEmail('leaver@example.com'))!
    expect(left.suppressed).toBe(true)
    expect(left.lists.some((l) => l.subscribed)).toBe(false)
    expect(await suppressionOf('leaver@example.com')).toMatchObject({ reason: 'unsubscribed' })
    // Choosing lists is refused while suppressed.
    await expect(chooseLists(prefs.subscriberId, [left.lists[0].id])).rejects.toMatchObject({
      code: 'SUPPRESSED',
    })

    // The footer form again: a fresh confirmation mail; the suppression holds until it is used.
    const mailsBefore = (await readOutbox()).filter((m) => m.to.includes('leaver@')).length
    expect(await subscribeToNewsletter('leaver@example.com', from())).toBe('created')
    expect((await readOutbox()).filter((m) => m.to.includes('leaver@'))).toHaveLength(
      mailsBefore + 1,
    )
    expect(await suppressionOf('leaver@example.com')).not.toBeNull()
    expect(
      (await confirmNewsletterSubscription(await confirmTokenOf('leaver@example.com'))).outcome,
    ).toBe('confirmed')
    expect(await suppressionOf('leaver@example.com')).toBeNull()
    const back = (await preferencesByEmail('leaver@example.com'))!
    expect(back.suppressed).toBe(false)
    expect(back.lists.some((l) => l.subscribed)).toBe(true)
    const subs = await getDb()
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, prefs.subscriberId))
    expect(subs.length).toBeGreaterThan(0)
  })

  it('opens nothing for an unknown or malformed token', async () => {
    expect(await preferencesByToken('x'.repeat(43))).toBeNull()
    expect(await preferencesByToken('short')).toBeNull()
  })
})
