import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { profiles } from './auth'
import { articles, categories, tags } from './content'
import { newsletterSubscribers } from './site'

/**
 * A list readers subscribe to. 'alert': an editor sends one story as it goes live; 'digest':
 * built on a schedule from what was published since the last one; 'edition': composed by hand.
 */
export const newsletterLists = pgTable(
  'newsletter_lists',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    kind: text({ enum: ['alert', 'digest', 'edition'] }).notNull(),
    /** Digests only: how often, at which local time ('HH:MM'), on which weekday (0 = Sunday). */
    cadence: text({ enum: ['daily', 'weekly'] }),
    sendTime: text(),
    weekday: integer(),
    /** Its own IANA zone for the send time; null: the site's zone, whatever it becomes. */
    timeZone: text(),
    /** Digests only: limit to one section or tag. */
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    tagId: integer().references(() => tags.id, { onDelete: 'set null' }),
    /** Digests only: a window with fewer stories is skipped. */
    minStories: integer().notNull().default(1),
    /** The footer form subscribes to every default list. */
    isDefault: boolean().notNull().default(false),
    /**
     * Announce the list in the next mail of the other lists to their subscribers who chose their
     * lists before it existed (issue 36): once each, within ANNOUNCE_DAYS of its creation.
     */
    announceInMail: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_lists_slug_key').on(t.slug),
    check('newsletter_lists_weekday', sql`${t.weekday} is null or ${t.weekday} between 0 and 6`),
  ],
)

/** Which confirmed subscriber receives which list. */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    subscriberId: integer()
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    listId: integer()
      .notNull()
      .references(() => newsletterLists.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.listId] }),
    index('newsletter_subscriptions_list_idx').on(t.listId, t.subscriberId),
  ],
)

/**
 * A new list announced to a subscriber in a mail of another list (issue 36): written when that
 * message is accepted, so the announcement is shown once.
 */
export const newsletterAnnouncements = pgTable(
  'newsletter_announcements',
  {
    subscriberId: integer()
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    listId: integer()
      .notNull()
      .references(() => newsletterLists.id, { onDelete: 'cascade' }),
    /** The issue whose message carried it. */
    issueId: integer().references(() => newsletterIssues.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.listId] })],
)

/**
 * Addresses no send may reach: unsubscribed from everything, bounced, complained or removed by
 * hand. Such an address subscribes again only through a fresh double opt-in.
 */
export const newsletterSuppressions = pgTable('newsletter_suppressions', {
  /** Compared lower-cased. */
  email: text().primaryKey(),
  reason: text({ enum: ['unsubscribed', 'bounced', 'complained', 'removed'] }).notNull(),
  detail: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** One mailing of a list: an alert for one story, one digest window, or a composed edition. */
export const newsletterIssues = pgTable(
  'newsletter_issues',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    listId: integer()
      .notNull()
      .references(() => newsletterLists.id, { onDelete: 'cascade' }),
    status: text({ enum: ['draft', 'scheduled', 'sending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('draft'),
    subject: text().notNull().default(''),
    preheader: text().notNull().default(''),
    intro: text().notNull().default(''),
    /** The stories, in order. */
    articleIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Alerts: the story sent (once per list). */
    articleId: integer().references(() => articles.id, { onDelete: 'set null' }),
    /** Digests: the window built ('2026-11-26' or '2026-W48'), once per list. */
    windowKey: text(),
    /** What was sent, frozen when the send starts: the web version shows the same. */
    html: text(),
    text: text(),
    scheduledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** When a sender claimed the issue's first batch, and when its last message was accepted. */
    deliveryStartedAt: timestamp({ withTimezone: true }),
    deliveryFinishedAt: timestamp({ withTimezone: true }),
    recipientCount: integer().notNull().default(0),
    /**
     * While a send's delivery rows are still being queued (in chunks, so the first messages go
     * at once): the last subscriber id queued. Null once every recipient has a row.
     */
    queueCursor: integer(),
    failure: text(),
    createdBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_issues_list_idx').on(t.listId, t.createdAt.desc()),
    index('newsletter_issues_due_idx').on(t.status, t.scheduledAt),
    uniqueIndex('newsletter_issues_alert_key')
      .on(t.listId, t.articleId)
      .where(sql`${t.articleId} is not null`),
    uniqueIndex('newsletter_issues_window_key')
      .on(t.listId, t.windowKey)
      .where(sql`${t.windowKey} is not null`),
  ],
)

/**
 * One message of an issue to one subscriber: unique, so no send can double it. Senders claim
 * batches of queued rows (FOR UPDATE SKIP LOCKED), so several instances share one send.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    issueId: integer()
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: integer().references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    /** The address at queueing time: the report stays true when a subscriber leaves. */
    email: text().notNull(),
    status: text({ enum: ['queued', 'sending', 'sent', 'failed', 'suppressed', 'cancelled'] })
      .notNull()
      .default('queued'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Which sender holds the row and since when; a claim older than the lease is taken over. */
    claimedBy: text(),
    claimedAt: timestamp({ withTimezone: true }),
    messageId: text(),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_issue_subscriber_key').on(t.issueId, t.email),
    index('newsletter_deliveries_queue_idx').on(t.issueId, t.status, t.nextAttemptAt),
  ],
)

/**
 * A click on a story link of an issue, through the site's own redirect (/n/c/:token). With the
 * subscriber known, once per subscriber and link (unique clicks); without, every click.
 */
export const newsletterClicks = pgTable(
  'newsletter_clicks',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    issueId: integer()
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: integer().references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    /** The link as it was in the issue. */
    url: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_clicks_issue_idx').on(t.issueId, t.url),
    uniqueIndex('newsletter_clicks_unique_key')
      .on(t.issueId, t.url, t.subscriberId)
      .where(sql`${t.subscriberId} is not null`),
  ],
)

/** An approximate open: a mail client loaded the issue's 1×1 image (only when opens are on). */
export const newsletterOpens = pgTable(
  'newsletter_opens',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    issueId: integer()
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: 'cascade' }),
    subscriberId: integer().references(() => newsletterSubscribers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('newsletter_opens_issue_idx').on(t.issueId),
    uniqueIndex('newsletter_opens_unique_key')
      .on(t.issueId, t.subscriberId)
      .where(sql`${t.subscriberId} is not null`),
  ],
)
