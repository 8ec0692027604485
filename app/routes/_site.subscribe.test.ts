import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { entitlements, plans } from '@db/schema/index'
import { EVERYTHING, announceChanged } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { SUBSCRIPTIONS_NOT_OPEN } from '~/components/site/plan-cards'
import { createTestUser, sessionCookie } from '../../tests/setup/auth-fixtures'
import { startTestServer, type TestServer } from '../../tests/setup/app-server'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

beforeEach(async () => {
  await getDb().delete(entitlements)
  await getDb().delete(plans)
  delete process.env.STRIPE_SECRET_KEY
  resetEnvCache()
  announceChanged([EVERYTHING])
})

async function insertPlans() {
  return getDb()
    .insert(plans)
    .values([
      {
        slug: 'digital',
        name: 'Digital',
        description: 'Every story on every device.',
        benefits: ['Unlimited stories', 'The daily newsletter'],
        monthlyPriceCents: 800,
        yearlyPriceCents: 8000,
        trialDays: 14,
        position: 0,
      },
      {
        slug: 'print',
        name: 'Digital + Print',
        benefits: ['The Friday paper at your door'],
        monthlyPriceCents: 1500,
        position: 1,
      },
      { slug: 'old', name: 'Founders', monthlyPriceCents: 300, status: 'archived', position: 2 },
    ])
    .returning()
}

async function page(cookie?: string) {
  const response = await server.fetch('/subscribe', cookie ? { headers: { cookie } } : {})
  // React's text separators out, so sentences read as a reader sees them.
  return { response, html: (await response.text()).replaceAll('<!-- -->', '') }
}

describe('/subscribe', () => {
  it('shows the visible plans, their prices and trial, and says subscriptions are not open', async () => {
    await insertPlans()
    const { response, html } = await page()
    expect(response.status).toBe(200)
    expect(html).toContain('Digital + Print')
    expect(html).toContain('Every story on every device.')
    expect(html).toContain('Unlimited stories')
    expect(html).toContain('$8')
    expect(html).toContain('$80')
    expect(html).toContain('save 17%')
    expect(html).toContain('$15')
    expect(html).toContain('14-day free trial')
    expect(html).not.toContain('Founders')
    expect(html).toContain(SUBSCRIPTIONS_NOT_OPEN)
    expect(html).not.toContain('/subscribe/checkout')
    expect(html).not.toMatch(/to Digital, monthly/)
    // Cached whole for anonymous readers, and dropped when a plan changes.
    expect(response.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+/)
    expect(response.headers.get('surrogate-key')?.split(' ')).toContain('plans')
  })

  it('offers a Subscribe button per plan and billing period once Stripe is configured', async () => {
    const [digital] = await insertPlans()
    process.env.STRIPE_SECRET_KEY = 'sk_test_123'
    resetEnvCache()
    const { html } = await page()
    expect(html).not.toContain(SUBSCRIPTIONS_NOT_OPEN)
    expect(html.match(/action="\/subscribe\/checkout"/g)).toHaveLength(3)
    expect(html).toContain(`name="plan" value="${digital.id}"`)
    expect(html).toContain('to Digital, monthly')
  })

  it('has a helpful empty state without plans', async () => {
    const { response, html } = await page()
    expect(response.status).toBe(200)
    expect(html).toContain('Memberships are not offered yet')
    expect(html).toContain('href="/signup"')
    expect(html).not.toContain(SUBSCRIPTIONS_NOT_OPEN)
  })

  it('tells a signed-in member which plan they hold, privately', async () => {
    const [digital] = await insertPlans()
    const member = await createTestUser({ role: 'viewer' })
    await getDb()
      .insert(entitlements)
      .values({ userId: member.id, planId: digital.id, source: 'complimentary' })
    const { response, html } = await page(await sessionCookie(member))
    expect(html).toContain('You are a member: Digital.')
    expect(html).toContain('Your plan')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })
})
