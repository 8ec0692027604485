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
