import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { profiles } from './auth'

/**
 * A staff member's personal token for the Admin API (/api/admin/v1): a name, the scopes it
 * was given, an expiry (null: none), and the token itself kept only as a SHA-256 hash (32
 * random bytes: nothing to guess) with a short prefix to tell tokens apart. It acts as its
 * owner with the owner's role as it is at each call; a revoked one keeps its row and opens
 * nothing. Deleted with its owner.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Of API_TOKEN_SCOPES (domain/api-tokens/api-tokens-schema.ts). */
    scopes: text().array().notNull(),
    tokenHash: text().notNull(),
    tokenPrefix: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
  ],
)
