import crypto from 'node:crypto'
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import { profiles, staffInvitations } from '@db/schema/index'
import { ROLE_NAMES, type Role } from '~/domain/access/access-rules'
import { domainErrors } from '~/domain/domain-error'
import { getAuth } from '~/infra/auth.server'
import { sendStaffInvitationMail } from '~/infra/auth-mail.server'
import { announceChanged, cacheKey } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import {
  checkRateLimit,
  normalizeClientIp,
  recordRateLimitHit,
  type RateLimitRule,
} from '~/infra/rate-limit.server'
import { INVITATION_DAYS, type InviteInput } from './invitations-schema'

export class InvitationError extends domainErrors('InvitationError', {
  ACCOUNT_EXISTS: 409,
  ALREADY_INVITED: 409,
  NOT_FOUND: 404,
  INVALID_LINK: 404,
  EXPIRED: 410,
  USED: 410,
  REVOKED: 410,
  TOO_MANY_GUESSES: 429,
}) {}

export const INVITATION_TEXT = {
  accountExists:
    'An account with this address already exists. Change its role in the list instead.',
  alreadyInvited:
    'An invitation to this address is already waiting. Resend it, or revoke it first.',
  notFound: 'This invitation no longer exists.',
  invalidLink: 'This invitation link is not valid. It may have been replaced by a newer one.',
  revoked: 'This invitation was revoked. Ask an admin for a new one if you still need it.',
  expired: 'This invitation has expired. Ask an admin to send a new one.',
  used: 'This invitation has already been accepted. Sign in with the address it was sent to.',
  tooManyGuesses:
    'Too many invitation links that do not exist were tried from your network. Try again in a few minutes.',
} as const

/**
 * Links that match no invitation, per client address: after 20 in ten minutes the page looks
 * up no link for that address until the window ends. A link's token cannot be guessed (32
 * random bytes); this keeps anyone from trying at the database's pace. Addresses that cannot
 * be told share one bucket. Kept in the database (rate_limits): it holds across restarts and
 * instances.
 */
export const INVITATION_GUESSES: RateLimitRule = { window: 600, max: 20 }

const DAY_MS = 24 * 60 * 60 * 1000

/** Neither accepted nor revoked: listed, resendable, revocable, claimable until it expires. */
const waiting = and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt))

/** Only the hash is stored: a database read does not hand out working links. */
function hashToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

function newToken() {
  const token = crypto.randomBytes(32).toString('base64url')
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
  }
}

export function invitationUrl(token: string) {
  return `${getEnv().siteUrl}/invitation?token=${encodeURIComponent(token)}`
}

/** The inviter as the back office names staff: the display name, else the account's name. */
async function inviterName(invitedBy: string | null): Promise<string | null> {
  if (!invitedBy) return null
  const [row] = await getDb()
    .select({ displayName: profiles.displayName, name: profiles.name })
    .from(profiles)
    .where(eq(profiles.id, invitedBy))
    .limit(1)
  return row?.displayName?.trim() || row?.name.trim() || null
}

async function mailInvitation(email: string, role: Role, token: string, invitedBy: string | null) {
  await sendStaffInvitationMail(email, {
    url: invitationUrl(token),
    roleName: ROLE_NAMES[role],
    days: INVITATION_DAYS,
    inviterName: await inviterName(invitedBy),
  })
}

async function accountExists(email: string) {
  const [row] = await getDb()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, email))
    .limit(1)
  return !!row
}

/**
 * Invites an address to the back office with a staff role: a single-use link, mailed, valid
 * INVITATION_DAYS days. An address with an account is refused (its role is changed in the
 * list), and so is one with an invitation still waiting (resend or revoke that one).
 */
export async function inviteStaff(input: InviteInput, invitedBy: string) {
  const email = input.email.trim().toLowerCase()
  if (await accountExists(email)) {
    throw new InvitationError('ACCOUNT_EXISTS', INVITATION_TEXT.accountExists, { field: 'email' })
  }
  const { token, tokenHash, expiresAt } = newToken()
  const invitation = await getDb().transaction(async (tx) => {
    // Two admins inviting one address at once: the second waits here, then sees the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invite:${email}`}))`)
    const [pending] = await tx
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(
        and(eq(staffInvitations.email, email), waiting, gt(staffInvitations.expiresAt, sql`now()`)),
      )
      .limit(1)
    if (pending) {
      throw new InvitationError('ALREADY_INVITED', INVITATION_TEXT.alreadyInvited, {
        field: 'email',
      })
    }
    const [row] = await tx
      .insert(staffInvitations)
      .values({ email, role: input.role, tokenHash, invitedBy, expiresAt })
      .returning()
    return row
  })
  await mailInvitation(email, input.role, token, invitedBy)
  return { id: invitation.id, email, role: input.role, expiresAt }
}

/** A new link (the old one stops working), valid INVITATION_DAYS days again, mailed again. */
export async function resendInvitation(id: number) {
  const { token, tokenHash, expiresAt } = newToken()
  const [row] = await getDb()
    .update(staffInvitations)
    .set({ tokenHash, expiresAt })
    .where(and(eq(staffInvitations.id, id), waiting))
    .returning({
      email: staffInvitations.email,
      role: staffInvitations.role,
      invitedBy: staffInvitations.invitedBy,
    })
  if (!row) throw new InvitationError('NOT_FOUND', INVITATION_TEXT.notFound)
  // Sent again in the name of whoever first invited them, as the invitation still is theirs.
  await mailInvitation(row.email, row.role, token, row.invitedBy)
  return { email: row.email, expiresAt }
}

/**
 * The link stops working at once, and says it was revoked; the invitation leaves the list. An
 * accepted invitation is history, not revocable.
 */
export async function revokeInvitation(id: number) {
  const [row] = await getDb()
    .update(staffInvitations)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(staffInvitations.id, id), waiting))
    .returning({ email: staffInvitations.email })
  if (!row) throw new InvitationError('NOT_FOUND', INVITATION_TEXT.notFound)
  return row
}

export interface PendingInvitation {
  id: number
  email: string
  role: Role
  expiresAt: Date
  createdAt: Date
  /** Past its date: it can be resent (a new link) or revoked. */
  expired: boolean
}

/** Invitations not yet accepted, oldest first; expired ones too, so they can be resent. */
export async function listPendingInvitations(): Promise<PendingInvitation[]> {
  const rows = await getDb()
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
      createdAt: staffInvitations.createdAt,
    })
    .from(staffInvitations)
    .where(waiting)
    .orderBy(asc(staffInvitations.createdAt), asc(staffInvitations.id))
  const now = Date.now()
  return rows.map((row) => ({ ...row, expired: row.expiresAt.getTime() <= now }))
}

/**
 * What the invitation page shows for a link: its address and role, or why it cannot be used.
 * `clientIp`: who asks, for the count of links that match nothing (INVITATION_GUESSES).
 */
export async function openInvitation(token: string, clientIp: string | null | undefined) {
  const guesses = `invitation:ip:${normalizeClientIp(clientIp) ?? 'unknown'}`
  const budget = await checkRateLimit(guesses, INVITATION_GUESSES)
  if (budget.limited) {
    throw new InvitationError('TOO_MANY_GUESSES', INVITATION_TEXT.tooManyGuesses, {
      retryAfter: budget.retryAfter,
    })
  }
  const [row] = token
    ? await getDb()
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.tokenHash, hashToken(token)))
        .limit(1)
    : []
  if (!row) {
    await recordRateLimitHit(guesses, INVITATION_GUESSES)
    throw new InvitationError('INVALID_LINK', INVITATION_TEXT.invalidLink)
  }
  if (row.acceptedAt) throw new InvitationError('USED', INVITATION_TEXT.used)
  if (row.revokedAt) throw new InvitationError('REVOKED', INVITATION_TEXT.revoked)
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new InvitationError('EXPIRED', INVITATION_TEXT.expired)
  }
  return { id: row.id, email: row.email, role: row.role }
}

/**
 * Accepts an invitation: the link is claimed first (once: a second post of the same link
 * finds it used), then the account is made through better-auth's admin API with the
 * invitation's role, the chosen display name and password, its address confirmed (the link
 * reached it). If the account cannot be made, the claim is undone and the link still works.
 */
export async function acceptInvitation(
  input: { token: string; displayName: string; password: string },
  clientIp: string | null | undefined,
) {
  const invitation = await openInvitation(input.token, clientIp)
  const [claimed] = await getDb()
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(staffInvitations.id, invitation.id),
        waiting,
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: staffInvitations.id })
  if (!claimed) throw new InvitationError('USED', INVITATION_TEXT.used)
  try {
    if (await accountExists(invitation.email)) {
      throw new InvitationError('ACCOUNT_EXISTS', INVITATION_TEXT.accountExists)
    }
    // better-auth's types know its own two roles only: the newsroom's role is set beside the
    // display name, before anyone can sign in with the password just chosen.
    const { user } = await getAuth().api.createUser({
      body: {
        email: invitation.email,
        password: input.password,
        name: input.displayName,
        data: { emailVerified: true },
      },
    })
    await getDb()
      .update(profiles)
      .set({
        role: invitation.role,
        displayName: input.displayName,
        emailVerified: true,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, user.id))
    announceChanged([cacheKey.author(user.id), 'sitemap'])
    return { userId: user.id, email: invitation.email, role: invitation.role }
  } catch (error) {
    await getDb()
      .update(staffInvitations)
      .set({ acceptedAt: null })
      .where(eq(staffInvitations.id, invitation.id))
    throw error
  }
}
