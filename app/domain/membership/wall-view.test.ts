import { describe, expect, it } from 'vitest'
import { toWallView } from './wall-view'

const plans = [
  { id: 1, name: 'Digital', description: '', monthlyPriceCents: 750, yearlyPriceCents: 7500 },
  {
    id: 2,
    name: 'Patron',
    description: 'Friends',
    monthlyPriceCents: null,
    yearlyPriceCents: 20000,
  },
]
const path = '/article/harbour-deal'

describe('toWallView', () => {
  it('says a spent meter, and offers an anonymous reader a free account’s larger allowance', () => {
    const meter = { used: 2, limit: 2, period: 'month' as const }
    const decision = { full: false as const, wall: 'subscribe' as const, planIds: [] }
    const anonymous = toWallView(decision, {
      path,
      plans,
      currency: 'USD',
      signedIn: false,
      meter,
      registeredLimit: 5,
    })
    expect(anonymous).toMatchObject({
      meter,
      moreWithAccount: { limit: 5, signUpHref: '/signup?redirectTo=%2Farticle%2Fharbour-deal' },
    })
    const registered = toWallView(decision, {
      path,
      plans,
      currency: 'USD',
      signedIn: true,
      meter: { ...meter, limit: 5, used: 5 },
      registeredLimit: 5,
    })
    expect(registered.moreWithAccount).toBeNull()
    const same = toWallView(decision, {
      path,
      plans,
      currency: 'USD',
      signedIn: false,
      meter,
      registeredLimit: 2,
    })
    expect(same.moreWithAccount).toBeNull()
  })

  it('asks for a free account, with the way back on both links', () => {
    expect(
      toWallView(
        { full: false, wall: 'register', planIds: [] },
        { path, plans, currency: 'USD', signedIn: false },
      ),
    ).toEqual({
      kind: 'register',
      signInHref: '/signin?redirectTo=%2Farticle%2Fharbour-deal',
      signUpHref: '/signup?redirectTo=%2Farticle%2Fharbour-deal',
      note: null,
      meter: null,
      moreWithAccount: null,
    })
  })

  it('offers the plans the story names, priced in the site’s currency', () => {
    const wall = toWallView(
      { full: false, wall: 'subscribe', planIds: [2] },
      { path, plans, currency: 'EUR', signedIn: false },
    )
    expect(wall).toEqual({
      kind: 'subscribe',
      plans: [{ id: 2, name: 'Patron', description: 'Friends', prices: ['€200 a year'] }],
      subscribeHref: '/subscribe',
      signInHref: '/signin?redirectTo=%2Farticle%2Fharbour-deal',
      note: null,
      meter: null,
      moreWithAccount: null,
    })
  })

  it('offers every plan when the story names none, and no sign-in to a signed-in reader', () => {
    const wall = toWallView(
      { full: false, wall: 'subscribe', planIds: [] },
      { path, plans, currency: 'USD', signedIn: true },
    )
    expect(wall.kind === 'subscribe' && wall.plans.map((plan) => plan.prices)).toEqual([
      ['$7.50 a month', '$75 a year'],
      ['$200 a year'],
    ])
    expect(wall.kind === 'subscribe' && wall.signInHref).toBeNull()
  })
})
