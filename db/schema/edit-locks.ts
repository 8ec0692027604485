import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { profiles } from './auth'
import { articles } from './content'

/**
 * Who is editing an article now (issue 40, "Two people, one article"): one row per article at
 * most, held by one member of staff until `expires_at`. Kept in the database, not in a
 * process, so every instance of the site sees the same holder. A row past its expiry is a free
 * lock (app/domain/articles/edit-lock-rules.ts); nothing sweeps it, the next claim replaces it.
 */
export const articleEditLocks = pgTable(
  'article_edit_locks',
  {
    articleId: integer()
      .primaryKey()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** When the holder took it: the banner's "since". Kept while the holder renews. */
    acquiredAt: timestamp({ withTimezone: true }).notNull(),
    /** When the holder's tab last renewed it. */
    renewedAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('article_edit_locks_user_idx').on(t.userId)],
)
