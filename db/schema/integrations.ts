import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { profiles } from './auth'

/**
 * An integration reading the Content API (/api/content/v1): its name, and its content key kept
 * only as a SHA-256 hash (the key is random and long, so a plain hash is enough) with a short
 * prefix the back office shows to tell keys apart. A revoked one keeps its row (the list says
 * when) and its key opens nothing.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    /** Members stories in full (the paper's own app, which checks its readers itself). */
    fullText: boolean().notNull().default(false),
    keyHash: text().notNull(),
    keyPrefix: text().notNull(),
    createdBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('integrations_key_hash_key').on(t.keyHash),
    index('integrations_created_idx').on(t.createdAt),
  ],
)
