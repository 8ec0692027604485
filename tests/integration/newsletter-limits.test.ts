import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { rateLimits } from '@db/schema/index'
import { NEWSLETTER_LIMITS, NEWSLETTER_TOO_MANY } from '~/domain/newsletter/newsletter.server'
import { getDb } from '~/infra/db.server'
import { readOutbox } from '~/infra/mail.server'
import * as newsletter from '~/routes/_site.newsletter'
import { formRequest, runRoute } from '../setup/auth-fixtures'

function signUp(email: string, clientIp: string | null) {
  return runRoute(newsletter.action, formRequest(null, '/newsletter', { email }), { clientIp })
}

async function mailsTo(mailbox: string) {
  return (await readOutbox()).filter((m) => m.to.includes(mailbox)).length
}

describe('newsletter sign-up limits', () => {
  it('mails one mailbox at most 3 times an hour, whatever the sub-address or client', async () => {
    const outcomes = []
    for (let i = 0; i < 20; i += 1) {
      outcomes.push(await signUp(`victim+${i}@example.com`, `10.0.${i}.1`))
    }
    expect(outcomes.slice(0, NEWSLETTER_LIMITS.perEmail.max).map((o) => o.status)).toEqual([
      200, 200, 200,
    ])
    const refused = outcomes.slice(NEWSLETTER_LIMITS.perEmail.max)
    expect(refused.every((o) => o.status === 429)).toBe(true)
    expect(refused[0].data).toMatchObject({ ok: false, formError: NEWSLETTER_TOO_MANY })
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0)
    expect(Number(refused[0].headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    expect(await mailsTo('victim+')).toBe(3)
  })

  it('takes at most 10 sign-ups an hour from one client address', async () => {
    const statuses = []
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await signUp(`reader${i}@example.org`, '192.0.2.7')).status)
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429])
    // Another client is not held back by it.
    expect((await signUp('someone@example.net', '192.0.2.8')).status).toBe(200)
  })

  it('keeps its counts in the database, where every instance reads them', async () => {
    await signUp('counted@example.com', '198.51.100.1')
    await signUp('counted@example.com', '198.51.100.1')
    const [row] = await getDb()
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(eq(rateLimits.key, 'app:newsletter:ip:198.51.100.1'))
    expect(row.count).toBe(2)
  })

  it('refuses a sign-up without a known client address', async () => {
    const out = await signUp('nowhere@example.com', null)
    expect(out.status).toBe(400)
    expect(out.data.formError).toMatch(/network address/)
  })
})
