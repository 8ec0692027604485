import crypto from 'node:crypto'
import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm'
import { apiTokens, profiles } from '@db/schema/index'
import { canUseApiTokens, isRole, type Actor } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import {
  API_TOKEN_SCOPES,
  API_TOKENS_MAX,
  scopesOf,
  tokenExpiry,
  type ApiTokenListItem,
  type ApiTokenScope,
  type CreateApiTokenInput,
} from './api-tokens-schema'

/**
 * Staff members' personal tokens for the Admin API (docs/admin-api.md). A token is 32 random
 * bytes behind a recognisable prefix (`bst_`), shown once when made; the table keeps its
 * SHA-256 (nothing to guess from a key this long) and its first characters. A token acts as its
 * owner: each call reads the owner's role as it is now, so a demoted, banned or deactivated
 * member's tokens stop at once.
 */
export const STAFF_TOKEN_PREFIX = 'bst_'
const SHOWN_PREFIX_LENGTH = STAFF_TOKEN_PREFIX.length + 6
/** "Last used" is written at most this often per token: not one write per request. */
const LAST_USED_EVERY_MS = 60_000

export class ApiTokenError extends domainErrors('ApiTokenError', {
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_TOKENS: 409,
}) {}

export function hashStaffToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** The stored scopes this version knows (a scope dropped later grants nothing). */
function knownScopes(scopes: string[]): ApiTokenScope[] {
  return scopes.filter((s): s is ApiTokenScope =>
    (API_TOKEN_SCOPES as readonly string[]).includes(s),
  )
}

function toListItem(row: typeof apiTokens.$inferSelect): ApiTokenListItem {
  return {
    id: row.id,
    name: row.name,
    scopes: knownScopes(row.scopes),
    tokenPrefix: row.tokenPrefix,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  }
}

const isLive = (now: Date) =>
  and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)))

/** Makes a token for `owner` (staff only, at most API_TOKENS_MAX live ones); the token once. */
export async function createApiToken(
  owner: Actor,
  input: CreateApiTokenInput,
  now = new Date(),
): Promise<{ token: string; item: ApiTokenListItem }> {
  if (!canUseApiTokens(owner)) {
    throw new ApiTokenError('FORBIDDEN', 'API tokens are for members of staff.')
  }
  const token = STAFF_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url')
  const row = await getDb().transaction(async (tx) => {
    // The owner's row, held so two posts at once cannot both pass the limit.
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, owner.id))
      .for('update')
    const [{ live }] = await tx
      .select({ live: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, owner.id), isLive(now)))
    if (live >= API_TOKENS_MAX) {
      throw new ApiTokenError(
        'TOO_MANY_TOKENS',
        `You have ${API_TOKENS_MAX} tokens already. Revoke one you no longer use first.`,
      )
    }
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId: owner.id,
        name: input.tokenName,
        scopes: scopesOf(input),
        tokenHash: hashStaffToken(token),
        tokenPrefix: token.slice(0, SHOWN_PREFIX_LENGTH),
        createdAt: now,
        expiresAt: tokenExpiry(input.expiresIn, now),
      })
      .returning()
    return inserted
  })
  return { token, item: toListItem(row) }
}

/** One person's tokens, newest first, revoked and expired ones included (marked so). */
export async function listApiTokens(userId: string): Promise<ApiTokenListItem[]> {
  const rows = await getDb()
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
  return rows.map(toListItem)
}

/** Revokes one of the owner's tokens for good; someone else's is "no such token". */
export async function revokeApiToken(userId: string, tokenId: number, now = new Date()) {
  const [row] = await getDb()
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)),
    )
    .returning()
  if (!row) {
    throw new ApiTokenError('NOT_FOUND', 'This token no longer exists or was revoked already.')
  }
  return toListItem(row)
}

/** Who a token acts as, and what it may do. */
export interface TokenHolder {
  tokenId: number
  scopes: ApiTokenScope[]
  actor: Actor
}

export type TokenCheck =
  | { ok: true; holder: TokenHolder }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'account' | 'role' }

/**
 * Checks a token sent with a request against the token and its owner as they are now: a
 * revoked or expired token, a banned or deactivated owner, or an owner no longer on the staff
 * opens nothing. Notes the use (at most once a minute per token).
 */
export async function authenticateStaffToken(token: string, now = new Date()): Promise<TokenCheck> {
  if (!token.startsWith(STAFF_TOKEN_PREFIX) || token.length > 200) {
    return { ok: false, reason: 'unknown' }
  }
  const db = getDb()
  const [row] = await db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      userId: profiles.id,
      role: profiles.role,
      banned: profiles.banned,
      banExpires: profiles.banExpires,
      deactivatedAt: profiles.deactivatedAt,
    })
    .from(apiTokens)
    .innerJoin(profiles, eq(profiles.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashStaffToken(token)))
    .limit(1)
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.revokedAt) return { ok: false, reason: 'revoked' }
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    return { ok: false, reason: 'expired' }
  }
  // better-auth's ban: in force until banExpires, if that is set.
  const banned = !!row.banned && (!row.banExpires || row.banExpires.getTime() > now.getTime())
  if (banned || row.deactivatedAt) return { ok: false, reason: 'account' }
  const actor: Actor = { id: row.userId, role: isRole(row.role) ? row.role : 'viewer' }
  if (!canUseApiTokens(actor)) return { ok: false, reason: 'role' }
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, row.id),
        or(
          isNull(apiTokens.lastUsedAt),
          lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
        ),
      ),
    )
  return {
    ok: true,
    holder: {
      tokenId: row.id,
      scopes: knownScopes(row.scopes),
      actor,
    },
  }
}
