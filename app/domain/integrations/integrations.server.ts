import crypto from 'node:crypto'
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm'
import { integrations } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { domainErrors } from '~/domain/domain-error'

/**
 * Integrations and their content keys (docs/content-api.md). A key is 32 random bytes behind a
 * recognisable prefix (`bsc_`), shown once when made; the table keeps its SHA-256 (enough for
 * a key this long: nothing to guess from) and the first characters, to tell keys apart.
 */
export const CONTENT_KEY_PREFIX = 'bsc_'
/** Characters of the key the list shows (the prefix and a few more). */
const SHOWN_PREFIX_LENGTH = CONTENT_KEY_PREFIX.length + 6
/** "Last used" is written at most this often per key: not one write per API request. */
const LAST_USED_EVERY_MS = 60_000

export class IntegrationError extends domainErrors('IntegrationError', {
  NOT_FOUND: 404,
}) {}

export interface IntegrationListItem {
  id: number
  name: string
  fullText: boolean
  keyPrefix: string
  createdAt: Date
  lastUsedAt: Date | null
  revokedAt: Date | null
}

/** What a valid key opens: which integration it is and what it may read. */
export interface ContentClient {
  integrationId: number
  fullText: boolean
}

export function hashContentKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex')
}

export async function createIntegration(input: {
  name: string
  fullText: boolean
  createdBy: string | null
}): Promise<{ integration: IntegrationListItem; key: string }> {
  const key = CONTENT_KEY_PREFIX + crypto.randomBytes(32).toString('base64url')
  const [row] = await getDb()
    .insert(integrations)
    .values({
      name: input.name,
      fullText: input.fullText,
      keyHash: hashContentKey(key),
      keyPrefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      createdBy: input.createdBy,
    })
    .returning()
  return { integration: toListItem(row), key }
}

export async function listIntegrations(): Promise<IntegrationListItem[]> {
  const rows = await getDb()
    .select()
    .from(integrations)
    .orderBy(desc(integrations.createdAt), desc(integrations.id))
  return rows.map(toListItem)
}

/** Revokes the integration's key for good (a revoked one stays listed, marked so). */
export async function revokeIntegration(id: number, now = new Date()) {
  const [row] = await getDb()
    .update(integrations)
    .set({ revokedAt: now })
    .where(and(eq(integrations.id, id), isNull(integrations.revokedAt)))
    .returning()
  if (!row)
    throw new IntegrationError(
      'NOT_FOUND',
      'This integration no longer exists or was revoked already.',
    )
  return toListItem(row)
}

/**
 * The client a content key belongs to, or null for a key unknown or revoked. Notes the use
 * (at most once a minute per key, so a busy integration costs no write per request).
 */
export async function authenticateContentKey(
  key: string,
  now = new Date(),
): Promise<ContentClient | null> {
  if (!key.startsWith(CONTENT_KEY_PREFIX) || key.length > 200) return null
  const db = getDb()
  const [row] = await db
    .select({ id: integrations.id, fullText: integrations.fullText })
    .from(integrations)
    .where(and(eq(integrations.keyHash, hashContentKey(key)), isNull(integrations.revokedAt)))
    .limit(1)
  if (!row) return null
  await db
    .update(integrations)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(integrations.id, row.id),
        or(
          isNull(integrations.lastUsedAt),
          lt(integrations.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
        ),
      ),
    )
  return { integrationId: row.id, fullText: row.fullText }
}

function toListItem(row: typeof integrations.$inferSelect): IntegrationListItem {
  return {
    id: row.id,
    name: row.name,
    fullText: row.fullText,
    keyPrefix: row.keyPrefix,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  }
}
