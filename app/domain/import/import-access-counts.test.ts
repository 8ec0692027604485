import { describe, expect, it } from 'vitest'
import {
  countAccess,
  describeAccess,
  describePlanGroups,
  ghostAccess,
  noAccessCounts,
  wxrAccess,
} from './import-access'

// What the Import screen and the CLI say is behind a wall (issue 38): the counts of the dry
// run and the report, and the sentences made of them.

const PLANS = [
  { id: 1, slug: 'digital', name: 'Digital' },
  { id: 2, slug: 'gold', name: 'Gold membership' },
]

describe('countAccess', () => {
  it('counts registered and members stories; stories for everyone are not counted', () => {
    const counts = noAccessCounts()
    countAccess(counts, undefined, PLANS)
    countAccess(counts, ghostAccess('public'), PLANS)
    countAccess(counts, ghostAccess('members'), PLANS)
    countAccess(counts, ghostAccess('paid'), PLANS)
    countAccess(counts, wxrAccess({ _is_paid: 'on' }), PLANS)
    countAccess(counts, wxrAccess({ rcp_user_level: 'Subscriber' }), PLANS)
    countAccess(
      counts,
      wxrAccess({ _broadsheet_access: 'members', _broadsheet_free_for_now: '1' }),
      PLANS,
    )
    expect(counts).toEqual({ registered: 2, members: 3, freeForNow: 1, plans: [] })
  })

  it('groups stories naming plans by the plans here they match, Ghost tiers by their written name', () => {
    const counts = noAccessCounts()
    const gold = ghostAccess('tiers', [{ name: 'Gold', slug: 'gold' }])
    const platinum = ghostAccess('tiers', [{ name: 'Platinum Circle', slug: 'platinum-circle' }])
    countAccess(counts, gold, PLANS)
    countAccess(counts, gold, PLANS)
    countAccess(counts, platinum, PLANS)
    countAccess(
      counts,
      wxrAccess({ _broadsheet_access: 'members', _broadsheet_access_plans: 'digital' }),
      PLANS,
    )
    countAccess(counts, ghostAccess('paid'), PLANS)
    expect(counts.members).toBe(5)
    expect(counts.plans).toEqual([
      { named: ['Gold'], here: ['Gold membership'], stories: 2 },
      { named: ['Platinum Circle'], here: [], stories: 1 },
      { named: ['digital'], here: ['Digital'], stories: 1 },
    ])
  })
})

describe('describeAccess', () => {
  it('says the members first, the noun once, and nothing when no story is behind a wall', () => {
    expect(describeAccess(noAccessCounts())).toBe('')
    expect(describeAccess({ ...noAccessCounts(), members: 12, registered: 3 })).toBe(
      '12 stories for paying members, 3 for registered readers',
    )
    expect(describeAccess({ ...noAccessCounts(), members: 1 })).toBe('1 story for paying members')
    expect(describeAccess({ ...noAccessCounts(), registered: 1 })).toBe(
      '1 story for registered readers',
    )
    expect(describeAccess({ ...noAccessCounts(), members: 1, freeForNow: 1, registered: 1 })).toBe(
      '1 story for paying members (1 free for now), 1 for registered readers',
    )
    expect(describeAccess({ ...noAccessCounts(), members: 1204 })).toBe(
      '1,204 stories for paying members',
    )
  })
})

describe('describePlanGroups', () => {
  it('lists nothing when no story names a plan', () => {
    expect(describePlanGroups({ ...noAccessCounts(), members: 4 })).toEqual([])
  })

  it('a line per group, most stories first, then those for any plan', () => {
    expect(
      describePlanGroups({
        registered: 0,
        members: 9,
        freeForNow: 0,
        plans: [
          { named: ['Platinum', 'Silver'], here: [], stories: 1 },
          { named: ['Gold'], here: ['Gold membership'], stories: 2 },
          { named: ['Digital'], here: ['Digital'], stories: 3 },
          { named: ['Bronze'], here: [], stories: 2 },
        ],
      }),
    ).toEqual([
      'Digital: 3 stories',
      'Gold membership (named Gold there): 2 stories',
      'Bronze: 2 stories, for any plan (no plan here has that name)',
      'Platinum, Silver: 1 story, for any plan (no plan here has those names)',
      'Any plan: 1 story',
    ])
  })
})
