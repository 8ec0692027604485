import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { profiles } from './auth'
import { articles } from './content'

/**
 * Live coverage of an article: started, paused or ended. An article without a row is an
 * ordinary article.
 */
export const liveCoverage = pgTable('live_coverage', {
  articleId: integer()
    .primaryKey()
    .references(() => articles.id, { onDelete: 'cascade' }),
  state: text({ enum: ['live', 'paused', 'ended'] })
    .notNull()
    .default('live'),
  /** Shown above the entries. */
  summary: text().notNull().default(''),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  endedAt: timestamp({ withTimezone: true }),
  /** The newest change to any entry: the page's dateModified and the readers' cursor. */
  lastEntryAt: timestamp({ withTimezone: true }),
})

/** One update of a live article. Contributors' entries wait ('pending') for an editor. */
export const liveEntries = pgTable(
  'live_entries',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    headline: text().notNull().default(''),
    content: text().notNull().default(''),
    status: text({ enum: ['published', 'pending'] })
      .notNull()
      .default('published'),
    isPinned: boolean().notNull().default(false),
    isKeyEvent: boolean().notNull().default(false),
    authorId: text().references(() => profiles.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Every change (edit, pin, delete) moves it: readers ask for what changed since a cursor. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Deleted entries stay as tombstones so readers' pages drop them. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('live_entries_article_idx').on(t.articleId, t.publishedAt.desc(), t.id.desc()),
    index('live_entries_changes_idx').on(t.articleId, t.updatedAt),
    uniqueIndex('live_entries_one_pinned_key')
      .on(t.articleId)
      .where(sql`${t.isPinned} and ${t.deletedAt} is null`),
  ],
)

/** What a live entry was before each edit (corrections and revisions, as for articles). */
export const liveEntryRevisions = pgTable(
  'live_entry_revisions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entryId: integer()
      .notNull()
      .references(() => liveEntries.id, { onDelete: 'cascade' }),
    headline: text().notNull().default(''),
    content: text().notNull().default(''),
    createdBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_entry_revisions_entry_idx').on(t.entryId, t.id.desc())],
)
