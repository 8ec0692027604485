import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'
import { profiles } from './auth'

/**
 * Old addresses that answer with a redirect (301, 302) or 410 Gone: added by hand, left behind
 * by a slug change, or brought by an import. Looked up only for requests that would be a 404.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** A path without query or trailing slash, e.g. '/2019/03/old-story'. */
    fromPath: text().notNull(),
    /** Null for 410. */
    toPath: text(),
    statusCode: integer().notNull().default(301),
    source: text({ enum: ['manual', 'slug', 'import'] })
      .notNull()
      .default('manual'),
    hits: integer().notNull().default(0),
    lastHitAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redirects_from_key').on(t.fromPath),
    index('redirects_to_idx').on(t.toPath),
    check('redirects_status', sql`${t.statusCode} in (301, 302, 410)`),
  ],
)

/** An import from WordPress or Ghost: its analysis, progress and report. */
export const importJobs = pgTable('import_jobs', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  source: text({ enum: ['wordpress', 'ghost', 'broadsheet'] }).notNull(),
  /** The exported site's address: what makes a re-import update instead of duplicate. */
  siteKey: text().notNull(),
  fileName: text().notNull(),
  /** Stored names of the uploaded export and image zip while the job needs them. */
  storedFile: text(),
  storedImages: text(),
  options: jsonb().notNull().default({}),
  status: text({ enum: ['analysed', 'queued', 'running', 'done', 'failed'] })
    .notNull()
    .default('analysed'),
  analysis: jsonb(),
  processed: integer().notNull().default(0),
  total: integer().notNull().default(0),
  /** Images fetched from the old site so far, and those that failed (fetchImages). */
  imagesFetched: integer().notNull().default(0),
  imagesFailed: integer().notNull().default(0),
  report: jsonb(),
  failure: text(),
  createdBy: text().references(() => profiles.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/** What each imported item became here: a newer export of the same site updates, never doubles. */
export const importMap = pgTable(
  'import_map',
  {
    siteKey: text().notNull(),
    sourceType: text({
      enum: ['post', 'page', 'category', 'tag', 'author', 'attachment'],
    }).notNull(),
    sourceId: text().notNull(),
    /** Our id (article id, category id, profile id, media name…) as text. */
    targetId: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_map_key').on(t.siteKey, t.sourceType, t.sourceId)],
)

/** Staff invited by e-mail with a role; the account is made when the invitation is accepted. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    role: text({ enum: ['admin', 'editor', 'author', 'contributor', 'viewer'] }).notNull(),
    /** Hash of the token mailed; the token itself is never stored. */
    tokenHash: text().notNull(),
    invitedBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** Revoked by an admin: kept, so that its link says so instead of "not valid". */
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_key').on(t.tokenHash),
    index('staff_invitations_email_idx').on(t.email),
  ],
)
