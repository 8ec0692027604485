/**
 * Reader revenue's demo (issue 38): two plans, and a handful of readers holding them in every
 * state the Members screen tells apart. Their names and addresses are fictional; they have no
 * password. Days count from the moment of seeding.
 */

export interface DemoPlan {
  slug: string
  name: string
  description: string
  benefits: string[]
  monthlyPriceCents: number
  yearlyPriceCents: number
  trialDays: number
}

export const DEMO_PLANS: readonly DemoPlan[] = [
  {
    slug: 'digital',
    name: 'Digital',
    description: 'Every story, on every device.',
    benefits: [
      'Unlimited members stories and opinion',
      'The e-paper of every Friday edition',
      'Share 10 stories a month with anyone',
    ],
    monthlyPriceCents: 800,
    yearlyPriceCents: 8000,
    trialDays: 14,
  },
  {
    slug: 'digital-print',
    name: 'Digital + Print',
    description: 'Everything in Digital, and the Friday paper at your door.',
    benefits: [
      'Everything in Digital',
      'The Friday paper delivered in Ashby County',
      'Invitations to readers’ evenings in the newsroom',
    ],
    monthlyPriceCents: 1500,
    yearlyPriceCents: 15000,
    trialDays: 0,
  },
]

export type DemoMembership =
  'active' | 'trialing' | 'past_due' | 'cancelling' | 'complimentary' | 'lapsed'

export interface DemoReader {
  name: string
  email: string
  plan: DemoPlan['slug']
  membership: DemoMembership
  /** When the membership began, in days before seeding. */
  startedDaysAgo: number
  /** When access ends (a paid period's end, a grant's end), in days from seeding; negative: past. */
  endsInDays: number | null
  interval: 'month' | 'year' | null
}

export const DEMO_READERS: readonly DemoReader[] = [
  {
    name: 'Ruth Calloway',
    email: 'ruth.calloway@readers.example.com',
    plan: 'digital',
    membership: 'active',
    startedDaysAgo: 74,
    endsInDays: 16,
    interval: 'month',
  },
  {
    name: 'Tomás Varga',
    email: 'tomas.varga@readers.example.com',
    plan: 'digital',
    membership: 'trialing',
    startedDaysAgo: 5,
    endsInDays: 9,
    interval: 'month',
  },
  {
    name: 'Aiyana Brooks',
    email: 'aiyana.brooks@readers.example.com',
    plan: 'digital-print',
    membership: 'past_due',
    startedDaysAgo: 367,
    endsInDays: 5,
    interval: 'year',
  },
  {
    name: 'Felix Adeyemi',
    email: 'felix.adeyemi@readers.example.com',
    plan: 'digital-print',
    membership: 'cancelling',
    startedDaysAgo: 140,
    endsInDays: 11,
    interval: 'month',
  },
  {
    name: 'Grace Lindholm',
    email: 'grace.lindholm@readers.example.com',
    plan: 'digital-print',
    membership: 'complimentary',
    startedDaysAgo: 30,
    endsInDays: 335,
    interval: null,
  },
  {
    name: 'Oskar Nilsen',
    email: 'oskar.nilsen@readers.example.com',
    plan: 'digital',
    membership: 'lapsed',
    startedDaysAgo: 120,
    endsInDays: -20,
    interval: 'month',
  },
]
