import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { apiTokens, profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { API_TOKENS_MAX, createApiTokenSchema, type CreateApiTokenInput } from './api-tokens-schema'
import {
  ApiTokenError,
  authenticateStaffToken,
  createApiToken,
  listApiTokens,
  revokeApiToken,
} from './api-tokens.server'

// Personal API tokens on a fixed clock: made (shown once, kept hashed), limited, listed,
// revoked, and refused once expired, revoked, or their owner banned, deactivated or demoted.
const T0 = new Date('2026-03-02T09:00:00Z')
const DAY = 24 * 60 * 60 * 1000

function input(fields: Record<string, string> = {}): CreateApiTokenInput {
  return createApiTokenSchema.parse({
    intent: 'create-token',
    tokenName: 'Wire importer',
    expiresIn: '30',
    scopeDraftsRead: 'on',
    scopeArticlesWrite: 'on',
    ...fields,
  })
}

async function staff(role: 'viewer' | 'contributor' | 'author' | 'editor' = 'author') {
  const user = await createTestUser({ role, email: `${crypto.randomUUID()}@example.com` })
  return { id: user.id, role }
}

describe('the form', () => {
  it('asks for a name, an expiry and at least one scope', () => {
    const empty = createApiTokenSchema.safeParse({ intent: 'create-token', tokenName: ' ' })
    expect(empty.success).toBe(false)
    const paths = empty.error?.issues.map((issue) => issue.path[0])
    expect(paths).toEqual(expect.arrayContaining(['tokenName', 'expiresIn']))
    const noScope = createApiTokenSchema.safeParse({
      intent: 'create-token',
      tokenName: 'x',
      expiresIn: '90',
    })
    expect(noScope.error?.issues[0]).toMatchObject({
      path: ['scopes'],
      message: 'Choose at least one thing the token may do',
    })
    expect(
      createApiTokenSchema.safeParse({ intent: 'create-token', tokenName: 'x', expiresIn: '7' })
        .success,
    ).toBe(false)
  })
})

describe('tokens', () => {
  it('shows the token once and keeps only its hash, its prefix and its scopes', async () => {
    const owner = await staff()
    const { token, item } = await createApiToken(owner, input(), T0)
    expect(token).toMatch(/^bst_[A-Za-z0-9_-]{43}$/)
    expect(item).toMatchObject({
      name: 'Wire importer',
      scopes: ['drafts:read', 'articles:write'],
      tokenPrefix: token.slice(0, 10),
      expiresAt: new Date(T0.getTime() + 30 * DAY),
    })
    const [row] = await getDb().select().from(apiTokens).where(eq(apiTokens.id, item.id))
    expect(JSON.stringify(row)).not.toContain(token)
    const never = await createApiToken(owner, input({ expiresIn: 'never' }), T0)
    expect(never.item.expiresAt).toBeNull()
    expect((await listApiTokens(owner.id)).map((t) => t.id)).toEqual(
      expect.arrayContaining([item.id, never.item.id]),
    )
  })

  it('refuses readers, and more than the limit of live tokens', async () => {
    const reader = await staff('viewer')
    await expect(createApiToken(reader, input(), T0)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    const owner = await staff('contributor')
    const made = []
    for (let i = 0; i < API_TOKENS_MAX; i++) made.push(await createApiToken(owner, input(), T0))
    await expect(createApiToken(owner, input(), T0)).rejects.toBeInstanceOf(ApiTokenError)
    // A revoked one frees its place.
    await revokeApiToken(owner.id, made[0].item.id, T0)
    await expect(createApiToken(owner, input(), T0)).resolves.toBeTruthy()
  })

  it('opens as its owner, with the owner’s current role, until revoked', async () => {
    const owner = await staff('author')
    const { token, item } = await createApiToken(owner, input(), T0)
    const check = await authenticateStaffToken(token, T0)
    expect(check).toEqual({
      ok: true,
      holder: { tokenId: item.id, scopes: ['drafts:read', 'articles:write'], actor: owner },
    })
    const [used] = await getDb().select().from(apiTokens).where(eq(apiTokens.id, item.id))
    expect(used.lastUsedAt).toEqual(T0)
    // Someone else cannot revoke it.
    const other = await staff('editor')
    await expect(revokeApiToken(other.id, item.id, T0)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await getDb().update(profiles).set({ role: 'editor' }).where(eq(profiles.id, owner.id))
    expect(await authenticateStaffToken(token, T0)).toMatchObject({
      ok: true,
      holder: { actor: { role: 'editor' } },
    })
    await revokeApiToken(owner.id, item.id, T0)
    expect(await authenticateStaffToken(token, T0)).toEqual({ ok: false, reason: 'revoked' })
  })

  it('refuses an expired token, a banned or deactivated owner, and one no longer on the staff', async () => {
    const owner = await staff('contributor')
    const { token } = await createApiToken(owner, input({ expiresIn: '30' }), T0)
    expect((await authenticateStaffToken(token, new Date(T0.getTime() + 29 * DAY))).ok).toBe(true)
    expect(await authenticateStaffToken(token, new Date(T0.getTime() + 30 * DAY))).toEqual({
      ok: false,
      reason: 'expired',
    })
    const db = getDb()
    const { token: live } = await createApiToken(owner, input({ expiresIn: 'never' }), T0)
    await db.update(profiles).set({ banned: true }).where(eq(profiles.id, owner.id))
    expect(await authenticateStaffToken(live, T0)).toEqual({ ok: false, reason: 'account' })
    // A ban that has run out no longer refuses.
    await db.update(profiles).set({ banExpires: T0 }).where(eq(profiles.id, owner.id))
    expect((await authenticateStaffToken(live, T0)).ok).toBe(true)
    await db
      .update(profiles)
      .set({ banned: false, deactivatedAt: T0 })
      .where(eq(profiles.id, owner.id))
    expect(await authenticateStaffToken(live, T0)).toEqual({ ok: false, reason: 'account' })
    await db
      .update(profiles)
      .set({ deactivatedAt: null, role: 'viewer' })
      .where(eq(profiles.id, owner.id))
    expect(await authenticateStaffToken(live, T0)).toEqual({ ok: false, reason: 'role' })
    for (const wrong of ['bst_nope', 'bsc_' + live.slice(4), '', live + 'x']) {
      expect(await authenticateStaffToken(wrong, T0)).toEqual({ ok: false, reason: 'unknown' })
    }
  })
})
