import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { profiles } from './auth'

/**
 * An address the site posts its events to (docs/webhooks.md): the events it asked for, and its
 * signing secret encrypted with a key derived from the site's secret (it must be read back to
 * sign, so a hash would not do; decision 0060). `failingSince` is the first failed
 * try since the last delivered one: past 24 h of failing the endpoint is disabled.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    url: text().notNull(),
    events: text().array().notNull(),
    secretCiphertext: text().notNull(),
    /** The secret's first characters, to tell endpoints' secrets apart. */
    secretPrefix: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledAt: timestamp({ withTimezone: true }),
    disabledReason: text(),
    failingSince: timestamp({ withTimezone: true }),
    createdBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_created_idx').on(t.createdAt)],
)

/**
 * One event for one endpoint: its message id (`webhook-id`, the same on every try and on a
 * resend, so receivers can drop a repeat), the exact body signed, and how its tries went.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text().notNull(),
    eventType: text().notNull(),
    body: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastStatusCode: integer(),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    /** Tries stop 24 h after this (a resend starts it again). */
    retryFrom: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    uniqueIndex('webhook_deliveries_message_key').on(t.endpointId, t.messageId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
)
