import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { profiles } from './auth'
import { articles } from './content'

/*
 * Reader revenue (issue 38): plans readers pay for, the entitlements every way of being a member
 * writes, the history of each, Stripe's events recorded once, the meter's counted reads and
 * members' gift links. The one access rule that reads them is app/domain/membership/.
 */

/** What an article asks of its reader: everyone, a free account, or a paid plan. */
export const ACCESS_LEVELS = ['everyone', 'registered', 'members'] as const

/** A paid plan, defined in /admin/plans. Prices in the smallest unit of the site's currency. */
export const plans = pgTable(
  'plans',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** One line each, shown as a list on /subscribe. */
    benefits: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null: not offered per month (or per year). */
    monthlyPriceCents: integer(),
    yearlyPriceCents: integer(),
    trialDays: integer().notNull().default(0),
    /** 'visible' on /subscribe; 'archived' plans keep their members and take no new ones. */
    status: text().notNull().default('visible'),
    position: integer().notNull().default(0),
    /** Stripe's product and prices for this plan, made when subscriptions open. */
    stripeProductId: text(),
    stripeMonthlyPriceId: text(),
    stripeYearlyPriceId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plans_slug_key').on(t.slug),
    check('plans_status', sql`${t.status} in ('visible', 'archived')`),
    check(
      'plans_prices',
      sql`coalesce(${t.monthlyPriceCents}, 0) >= 0 and coalesce(${t.yearlyPriceCents}, 0) >= 0`,
    ),
    check('plans_trial', sql`${t.trialDays} between 0 and 365`),
  ],
)

/**
 * Being a member, however one became one: Stripe, complimentary access an admin granted, an
 * imported subscriber, a gift. Access holds from `startsAt` until `endsAt` (null: until ended).
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /**
     * Null once its reader deleted their account: the row stays, ended and without anything
     * about the person, for the paper's figures (domain/users/account-deletion.server.ts).
     */
    userId: text().references(() => profiles.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    source: text().notNull(),
    /** active, trialing, past_due (access kept while Stripe retries), cancelled, lapsed. */
    status: text().notNull().default('active'),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
    /** Cancelled by the reader, running to the end of the paid period. */
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** 'month' or 'year' for a subscription; null for the others. */
    billingInterval: text(),
    stripeCustomerId: text(),
    stripeSubscriptionId: text(),
    /** Who granted it (complimentary) or imported it, and why. */
    grantedBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entitlements_user_idx').on(t.userId, t.endsAt),
    index('entitlements_plan_idx').on(t.planId, t.status),
    uniqueIndex('entitlements_stripe_subscription_key').on(t.stripeSubscriptionId),
    check(
      'entitlements_source',
      sql`${t.source} in ('stripe', 'complimentary', 'imported', 'gift')`,
    ),
    check(
      'entitlements_status',
      sql`${t.status} in ('active', 'trialing', 'past_due', 'cancelled', 'lapsed')`,
    ),
  ],
)

/** A member's history: what happened to their entitlements, newest first on /admin/members. */
export const memberEvents = pgTable(
  'member_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Null once the member deleted their account (the row is kept anonymised, as above). */
    userId: text().references(() => profiles.id, { onDelete: 'cascade' }),
    entitlementId: integer().references(() => entitlements.id, { onDelete: 'set null' }),
    kind: text().notNull(),
    details: jsonb().notNull().default({}),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_events_user_idx').on(t.userId, t.at)],
)

/** Stripe's webhook events, each recorded once by its id: a replay changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp({ withTimezone: true }),
})

/** A signed-in reader's counted reads of gated stories, one per story and meter period. */
export const meterReads = pgTable(
  'meter_reads',
  {
    userId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** The period's first day in the site's time zone (YYYY-MM-DD), or the read's day (rolling). */
    period: text().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.period, t.articleId] }),
    index('meter_reads_read_at_idx').on(t.userId, t.readAt),
  ],
)

/** A member's gift of one story: whoever follows the signed link reads it in full. */
export const giftLinks = pgTable(
  'gift_links',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    createdBy: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    opens: integer().notNull().default(0),
  },
  (t) => [index('gift_links_creator_idx').on(t.createdBy, t.createdAt)],
)
