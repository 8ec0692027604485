import { describe, expect, it } from 'vitest'
import { decideRead, type ArticleGate, type Reader } from './access-level'

const story = (access: ArticleGate['access'], extra: Partial<ArticleGate> = {}): ArticleGate => ({
  access,
  accessPlanIds: [],
  freeForNow: false,
  ...extra,
})
const anonymous: Reader = { kind: 'anonymous' }
const account = (planIds: number[] = [], role: 'viewer' | 'contributor' = 'viewer'): Reader => ({
  kind: 'account',
  id: 'u1',
  role,
  planIds,
})

describe('decideRead, the one access rule', () => {
  it('opens a story for everyone to everyone', () => {
    expect(decideRead(story('everyone'), anonymous)).toEqual({ full: true, why: 'free' })
  })

  it('asks a registered story for an account, and opens it to any account', () => {
    expect(decideRead(story('registered'), anonymous)).toEqual({
      full: false,
      wall: 'register',
      planIds: [],
    })
    expect(decideRead(story('registered'), account())).toMatchObject({ full: true })
  })

  it('opens a members story to a holder of one of its plans only', () => {
    const gated = story('members', { accessPlanIds: [2] })
    expect(decideRead(gated, account([2]))).toEqual({ full: true, why: 'member' })
    expect(decideRead(gated, account([1]))).toEqual({
      full: false,
      wall: 'subscribe',
      planIds: [2],
    })
    expect(decideRead(gated, account())).toMatchObject({ full: false, wall: 'subscribe' })
    expect(decideRead(gated, anonymous)).toMatchObject({ full: false, wall: 'subscribe' })
    // No plan named: any paid plan opens it.
    expect(decideRead(story('members'), account([7]))).toMatchObject({ full: true })
  })

  it('lets staff read everything, and "free for now" open a members story to all', () => {
    expect(decideRead(story('members'), account([], 'contributor'))).toEqual({
      full: true,
      why: 'staff',
    })
    expect(decideRead(story('members', { freeForNow: true }), anonymous)).toEqual({
      full: true,
      why: 'free',
    })
  })

  it('opens a members story to a gift, a read the meter allows, or an account behind a registration wall', () => {
    expect(decideRead(story('members'), anonymous, { gift: true })).toMatchObject({ why: 'gift' })
    expect(decideRead(story('members'), anonymous, { meter: true })).toMatchObject({ why: 'meter' })
    expect(decideRead(story('members'), account(), { registrationWall: true })).toMatchObject({
      full: true,
    })
    expect(decideRead(story('members'), anonymous, { registrationWall: true })).toMatchObject({
      full: false,
      wall: 'register',
    })
  })
})
