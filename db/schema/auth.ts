import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

// The newsroom's roles, least to most (app/domain/access/access-rules.ts says what each may do).
export const userRole = pgEnum('user_role', ['admin', 'viewer', 'contributor', 'author', 'editor'])

/**
 * The profile of docs/product.md §3 is better-auth's user row: one table, so a role change and a
 * sign-in can never disagree. Fields better-auth owns keep its names (mapped to snake_case).
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text().primaryKey(),
    name: text().notNull().default(''),
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    username: text(),
    /**
     * The username as names are compared (lib/username.ts: NFKC and case fold), written by the
     * application with the username; unique, and the only column lookups compare.
     */
    usernameKey: text(),
    /** The byline's name when set; else the username. */
    displayName: text(),
    /** A line or two on the author page. */
    bio: text(),
    /** The byline's title, e.g. 'Political correspondent'. */
    jobTitle: text(),
    /** Links shown on the author page: [{ label, url }]. */
    socialLinks: jsonb().$type<{ label: string; url: string }[]>(),
    /** A deactivated account cannot sign in; its sessions end and its bylines stay. */
    deactivatedAt: timestamp({ withTimezone: true }),
    role: userRole().notNull().default('viewer'),
    banned: boolean().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
    twoFactorEnabled: boolean().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_email_key').on(t.email),
    uniqueIndex('profiles_username_key_key').on(t.usernameKey),
    index('profiles_created_at_idx').on(t.createdAt),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    token: text().notNull(),
    userId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    impersonatedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_key').on(t.token),
    index('sessions_user_id_idx').on(t.userId),
  ],
)

export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
)

export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
)

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text().primaryKey(),
    secret: text().notNull(),
    backupCodes: text().notNull(),
    userId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    verified: boolean().default(true),
    failedVerificationCount: integer().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    // Last accepted TOTP time step: a code is accepted once (no replay within its window).
    lastUsedStep: integer(),
  },
  (t) => [
    index('two_factors_user_id_idx').on(t.userId),
    index('two_factors_secret_idx').on(t.secret),
  ],
)

/** better-auth's rate-limit store, in the database so limits survive restarts and are shared. */
export const rateLimits = pgTable('rate_limits', {
  id: text().primaryKey(),
  key: text().notNull().unique(),
  count: integer().notNull(),
  lastRequest: bigint({ mode: 'number' }).notNull(),
})
