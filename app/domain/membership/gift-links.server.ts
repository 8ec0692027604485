import { and, count, eq, gte, sql } from 'drizzle-orm'
import { giftLinks } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { signFor, isSignedFor } from '~/infra/signature.server'
import { domainErrors } from '~/lib/domain-error'
import { fromWallTime, toWallTime } from '~/lib/time-zone'
import { effectiveAccess, holdsPlanFor, type ArticleGate, type Reader } from './access-level'

/*
 * Gift links (issue 38): a member shares one members story with anyone through a signed link,
 * valid 30 days, at most 10 a calendar month (in the site's zone) per member. The link's token
 * names its `gift_links` row and its expiry, signed with the site's secret; following it checks
 * the signature, the expiry and that the row is there and is for this story, and counts an
 * open. A link that fails any of these opens nothing: the reader gets the story's wall.
 */

import { GIFT_PARAMETER } from './gift-parameter'

export { GIFT_PARAMETER }
export const GIFT_LINK_DAYS = 30
export const GIFT_LINKS_A_MONTH = 10
export const GIFT_EXPIRED_NOTE = 'This gift link has expired'

export class GiftLinkError extends domainErrors('GiftLinkError', {
  NOT_A_MEMBER: 403,
  NOT_GIFTABLE: 400,
  MONTHLY_LIMIT: 429,
}) {}

const PURPOSE = 'gift-link'

/** `{row id}.{expiry in seconds}.{signature}`, numbers in base 36. */
export function giftToken(id: number, expiresAt: Date): string {
  const payload = `${id.toString(36)}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`
  return `${payload}.${signFor(PURPOSE, payload)}`
}

/** The row id and expiry a well-formed, correctly signed token names; null otherwise. */
export function readGiftToken(token: string): { id: number; expiresAt: Date } | null {
  const match = /^([0-9a-z]{1,9})\.([0-9a-z]{1,9})\.([A-Za-z0-9_-]{22})$/.exec(token)
  if (!match) return null
  if (!isSignedFor(PURPOSE, `${match[1]}.${match[2]}`, match[3])) return null
  const id = parseInt(match[1], 36)
  const seconds = parseInt(match[2], 36)
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(seconds)) return null
  return { id, expiresAt: new Date(seconds * 1000) }
}

/** Whether `reader` may give `story`: a members story they read in full through a plan. */
export function mayGift(story: ArticleGate, reader: Reader): boolean {
  return (
    reader.kind === 'account' &&
    effectiveAccess(story) === 'members' &&
    holdsPlanFor(story, reader.planIds)
  )
}

/** The first instant of the calendar month holding `now` in `timeZone`. */
function monthStart(now: Date, timeZone: string): Date {
  return fromWallTime(`${toWallTime(now, timeZone).slice(0, 7)}-01T00:00:00`, timeZone) ?? now
}

/** Gift links `userId` made in the calendar month holding `now`. */
export async function giftLinksThisMonth(userId: string, now: Date, timeZone: string) {
  const [row] = await getDb()
    .select({ made: count() })
    .from(giftLinks)
    .where(
      and(eq(giftLinks.createdBy, userId), gte(giftLinks.createdAt, monthStart(now, timeZone))),
    )
  return row?.made ?? 0
}

export interface GiftLink {
  token: string
  path: string
  expiresAt: Date
  /** Links the member may still make this month. */
  left: number
}

/**
 * A new gift link to `story` by `reader`: refused unless they read it through a plan, and past
 * the monthly limit. The path is the story's address with the token in `?gift=`.
 */
export async function createGiftLink(
  story: ArticleGate & { id: number; slug: string },
  reader: Reader,
  timeZone: string,
  now = new Date(),
): Promise<GiftLink> {
  if (reader.kind !== 'account' || !mayGift(story, reader)) {
    throw new GiftLinkError(
      effectiveAccess(story) === 'members' ? 'NOT_A_MEMBER' : 'NOT_GIFTABLE',
      effectiveAccess(story) === 'members'
        ? 'Only members can give this story.'
        : 'This story is free to read: share its address instead.',
    )
  }
  const made = await giftLinksThisMonth(reader.id, now, timeZone)
  if (made >= GIFT_LINKS_A_MONTH) {
    throw new GiftLinkError(
      'MONTHLY_LIMIT',
      `You have made ${GIFT_LINKS_A_MONTH} gift links this month, the most a month allows. You can make more next month.`,
    )
  }
  const expiresAt = new Date(now.getTime() + GIFT_LINK_DAYS * 86_400_000)
  const [row] = await getDb()
    .insert(giftLinks)
    .values({ articleId: story.id, createdBy: reader.id, createdAt: now, expiresAt })
    .returning({ id: giftLinks.id })
  const token = giftToken(row.id, expiresAt)
  return {
    token,
    path: `/article/${story.slug}?${GIFT_PARAMETER}=${token}`,
    expiresAt,
    left: GIFT_LINKS_A_MONTH - made - 1,
  }
}

/** What a gift parameter comes to for one story: it opens it, it has expired, or nothing. */
export type GiftOpening = 'opens' | 'expired' | 'invalid'

/**
 * Follows the gift link `token` for story `articleId` at `now`: `opens` (its opens counted
 * when `count` is set: the story's page, not its live updates) when it is signed by this site,
 * names a row for this story, and neither the token nor the row has expired; `expired` for a genuine link past its 30 days; `invalid` for a
 * forged, tampered or unknown one, or one for another story.
 */
export async function openGiftLink(
  token: string,
  articleId: number,
  now = new Date(),
  { count = true }: { count?: boolean } = {},
): Promise<GiftOpening> {
  const claim = readGiftToken(token)
  if (!claim) return 'invalid'
  const [row] = await getDb()
    .select({ articleId: giftLinks.articleId, expiresAt: giftLinks.expiresAt })
    .from(giftLinks)
    .where(eq(giftLinks.id, claim.id))
  if (!row || row.articleId !== articleId) return 'invalid'
  if (claim.expiresAt.getTime() <= now.getTime() || row.expiresAt.getTime() <= now.getTime()) {
    return 'expired'
  }
  if (!count) return 'opens'
  await getDb()
    .update(giftLinks)
    .set({ opens: sql`${giftLinks.opens} + 1` })
    .where(eq(giftLinks.id, claim.id))
  return 'opens'
}
