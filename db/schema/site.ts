import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

export const socialLinks = pgTable(
  'social_links',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    platform: text().notNull(),
    url: text().notNull(),
    icon: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('social_links_platform_idx').on(t.platform)],
)

/** One row (id = 1), with the defaults of docs/product.md §3. */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: integer().primaryKey().default(1),
    logoType: text().notNull().default('text'),
    logoText: text().notNull().default('Broadsheet'),
    logoTextColor: text().notNull().default('#000000'),
    /** The text logo's colour on the dark theme's background. */
    logoTextColorDark: text().notNull().default('#F5F5F5'),
    logoImageUrl: text(),
    logoFontFamily: text(),
    logoFontUrl: text(),
    requireAdminTwoFactor: boolean().notNull().default(false),
    /** IANA name; the article form's publish time is read and shown in it. */
    timeZone: text().notNull().default('UTC'),
    /**
     * When an admin (or SITE_TIME_ZONE at first start) chose the zone; until then the back
     * office offers an admin the browser's zone (issue 36). Null: not chosen yet.
     */
    timeZoneChosenAt: timestamp({ withTimezone: true }),
    /** Revisions kept per article, oldest dropped first. */
    revisionsKept: integer().notNull().default(100),
    /** Hours a breaking item stays on the bar after publication, unless an editor extends it. */
    breakingNewsHours: integer().notNull().default(12),
    /** Newsletter story links go through /n/c/… and are counted (issue 36; our own redirect). */
    newsletterClickCounting: boolean().notNull().default(true),
    /** A 1×1 image per message, counted as an (approximate) open; off unless an admin turns it on. */
    newsletterOpenCounting: boolean().notNull().default(false),
    /** Reader revenue (issue 38): the paper's currency (ISO 4217), prices in its minor unit. */
    currency: text().notNull().default('USD'),
    /** 'off', 'meter' (N members stories a period free) or 'registration' (free with an account). */
    meterMode: text().notNull().default('off'),
    /** 'week', 'month' or 'rolling30'; periods cut at midnight in the site's time zone. */
    meterPeriod: text().notNull().default('month'),
    meterAnonymousLimit: integer().notNull().default(3),
    meterRegisteredLimit: integer().notNull().default(10),
    /** Categories whose stories the meter never counts nor walls. */
    meterExemptCategoryIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Who reads the print editions' pages, PDF and text: 'everyone' or 'members'. */
    editionsAccess: text().notNull().default('everyone'),
    /** Paragraphs shown before the wall when an article says nothing else. */
    previewParagraphs: integer().notNull().default(3),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('site_settings_single_row', sql`${t.id} = 1`),
    check('site_settings_logo_type', sql`${t.logoType} in ('text', 'image')`),
    check('site_settings_meter_mode', sql`${t.meterMode} in ('off', 'meter', 'registration')`),
    check('site_settings_meter_period', sql`${t.meterPeriod} in ('week', 'month', 'rolling30')`),
    check('site_settings_editions_access', sql`${t.editionsAccess} in ('everyone', 'members')`),
  ],
)

/** Editable static pages: about, contact, privacy, terms. */
export const staticPages = pgTable('static_pages', {
  slug: text().primaryKey(),
  title: text().notNull(),
  content: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    confirmToken: text().notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    /** When consent was given (an import brings its own date); the CSV export shows it. */
    consentedAt: timestamp({ withTimezone: true }),
    /** 'form', 'import', 'profile': where the address came from. */
    source: text().notNull().default('form'),
    /** Opaque key of the preferences page linked from every mail (no sign-in needed). */
    preferencesToken: text(),
    /** A paused subscriber stays on the lists and receives nothing until resumed. */
    pausedAt: timestamp({ withTimezone: true }),
    /**
     * The lists ticked at sign-up, waiting for the confirmation click (which subscribes to
     * exactly these); a sign-up again before it replaces them. Null: no choice was made (an
     * older sign-up, the profile's card), and confirming subscribes to the default lists.
     */
    pendingListIds: integer().array(),
    /** When the subscriber last chose lists: a list created after it is offered as "New". */
    listsChosenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_subscribers_preferences_key').on(t.preferencesToken),
  ],
)

/** Per-account sign-in failures: 10 in a row from any address throttle the account. */
export const loginFailures = pgTable('login_failures', {
  email: text().primaryKey(),
  failures: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
