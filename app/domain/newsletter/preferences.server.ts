import crypto from 'node:crypto'
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import {
  newsletterLists,
  newsletterSubscribers,
  newsletterSubscriptions,
  newsletterSuppressions,
  profiles,
} from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import type { AccountPreferencesView, PreferencesView } from './preferences-schema'

// A subscriber's own choices, on the preferences page every mail links to (an opaque token,
// no sign-in) and on /profile (matched by the signed-in reader's address).

export class PreferencesError extends domainErrors('PreferencesError', {
  NOT_FOUND: 404,
  SUPPRESSED: 409,
}) {}

export const PREFERENCES_PATH = '/newsletter/preferences'

/** A fresh preferences key: 32 random bytes, URL-safe. */
export function newPreferencesToken() {
  return crypto.randomBytes(32).toString('base64url')
}

/**
 * The page's absolute address for a subscriber (`/newsletter/preferences?t=…`). The token is
 * stored as is, not hashed: every mail must be able to print it.
 */
export function preferencesUrl(subscriber: { preferencesToken: string | null }) {
  if (!subscriber.preferencesToken) return `${getEnv().siteUrl}${PREFERENCES_PATH}`
  return `${getEnv().siteUrl}${PREFERENCES_PATH}?t=${encodeURIComponent(subscriber.preferencesToken)}`
}

/** The preferences key of a subscriber, made on first use (subscribers from before it). */
export async function ensurePreferencesToken(subscriberId: number) {
  const db = getDb()
  await db
    .update(newsletterSubscribers)
    .set({ preferencesToken: newPreferencesToken() })
    .where(
      and(
        eq(newsletterSubscribers.id, subscriberId),
        isNull(newsletterSubscribers.preferencesToken),
      ),
    )
  const [row] = await db
    .select({ preferencesToken: newsletterSubscribers.preferencesToken })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, subscriberId))
  return row?.preferencesToken ?? null
}

export interface Preferences extends PreferencesView {
  subscriberId: number
}

type SubscriberRow = typeof newsletterSubscribers.$inferSelect

async function preferencesOf(subscriber: SubscriberRow): Promise<Preferences> {
  const db = getDb()
  const [lists, chosen, [suppression]] = await Promise.all([
    db
      .select({
        id: newsletterLists.id,
        slug: newsletterLists.slug,
        name: newsletterLists.name,
        description: newsletterLists.description,
        createdAt: newsletterLists.createdAt,
      })
      .from(newsletterLists)
      .orderBy(asc(newsletterLists.name), asc(newsletterLists.id)),
    db
      .select({ listId: newsletterSubscriptions.listId })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, subscriber.id)),
    db
      .select({ reason: newsletterSuppressions.reason })
      .from(newsletterSuppressions)
      .where(eq(newsletterSuppressions.email, subscriber.email.toLowerCase())),
  ])
  const confirmed = subscriber.confirmedAt !== null
  // Until the confirmation click, the lists ticked at sign-up are the ones shown as chosen.
  const ids = new Set(
    !confirmed && subscriber.pendingListIds
      ? subscriber.pendingListIds
      : chosen.map((c) => c.listId),
  )
  const chosenAt = subscriber.listsChosenAt ?? subscriber.confirmedAt
  return {
    subscriberId: subscriber.id,
    email: subscriber.email,
    confirmed,
    paused: subscriber.pausedAt !== null,
    suppressed: Boolean(suppression),
    lists: lists.map(({ createdAt, ...l }) => ({
      ...l,
      subscribed: ids.has(l.id),
      isNew: !ids.has(l.id) && chosenAt !== null && createdAt > chosenAt,
    })),
  }
}

/** The preferences a token opens, or null for an unknown one. */
export async function preferencesByToken(token: string): Promise<Preferences | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const [row] = await getDb()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.preferencesToken, token))
  return row ? preferencesOf(row) : null
}

/** The preferences of the subscriber with this address (a signed-in reader's), or null. */
export async function preferencesByEmail(email: string): Promise<Preferences | null> {
  const [row] = await getDb()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.trim().toLowerCase()))
  return row ? preferencesOf(row) : null
}

/**
 * What the profile's newsletter card may show and change for an account. The subscription is
 * found by the account's address, so it is the account's only once that address is confirmed
 * (better-auth's emailVerified): anyone can sign up with a subscriber's address without owning
 * the mailbox. Until then nothing about a subscription is told, not even whether one exists.
 */
export type AccountPreferences = AccountPreferencesView<Preferences>

/** The one gate of the profile's card, for its loader and its action alike. */
export async function accountPreferences(userId: string): Promise<AccountPreferences> {
  const [account] = await getDb()
    .select({ email: profiles.email, emailVerified: profiles.emailVerified })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1)
  if (!account?.emailVerified) return { addressConfirmed: false }
  return { addressConfirmed: true, prefs: await preferencesByEmail(account.email) }
}

/**
 * Subscribes to exactly `listIds` (unknown ids are ignored). A suppressed address chooses
 * nothing here: it comes back only through a fresh double opt-in. Before the confirmation
 * click the choice replaces the one kept with the sign-up, and confirming subscribes to it.
 */
export async function chooseLists(subscriberId: number, listIds: number[]) {
  const db = getDb()
  await db.transaction(async (tx) => {
    const [subscriber] = await tx
      .select({
        email: newsletterSubscribers.email,
        confirmedAt: newsletterSubscribers.confirmedAt,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, subscriberId))
      .for('update')
    if (!subscriber) throw new PreferencesError('NOT_FOUND', 'This subscription no longer exists')
    const [suppressed] = await tx
      .select({ email: newsletterSuppressions.email })
      .from(newsletterSuppressions)
      .where(eq(newsletterSuppressions.email, subscriber.email.toLowerCase()))
    if (suppressed && listIds.length > 0) {
      throw new PreferencesError(
        'SUPPRESSED',
        'You left every newsletter. Subscribe again to confirm your address first.',
      )
    }
    const valid =
      listIds.length === 0
        ? []
        : (
            await tx
              .select({ id: newsletterLists.id })
              .from(newsletterLists)
              .where(inArray(newsletterLists.id, listIds))
          ).map((l) => l.id)
    if (subscriber.confirmedAt === null) {
      await tx
        .update(newsletterSubscribers)
        .set({ pendingListIds: valid })
        .where(eq(newsletterSubscribers.id, subscriberId))
      return
    }
    await tx
      .update(newsletterSubscribers)
      // The database's clock, as the lists' createdAt: "New" compares the two.
      .set({ listsChosenAt: sql`now()` })
      .where(eq(newsletterSubscribers.id, subscriberId))
    await tx
      .delete(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.subscriberId, subscriberId),
          valid.length > 0 ? notInArray(newsletterSubscriptions.listId, valid) : undefined,
        ),
      )
    if (valid.length > 0) {
      await tx
        .insert(newsletterSubscriptions)
        .values(valid.map((listId) => ({ subscriberId, listId })))
        .onConflictDoNothing()
    }
  })
}

/** Pause keeps the lists and sends nothing until resumed. */
export async function setPaused(subscriberId: number, paused: boolean) {
  const [row] = await getDb()
    .update(newsletterSubscribers)
    .set({ pausedAt: paused ? new Date() : null })
    .where(eq(newsletterSubscribers.id, subscriberId))
    .returning({ id: newsletterSubscribers.id })
  if (!row) throw new PreferencesError('NOT_FOUND', 'This subscription no longer exists')
}

/** Leave everything: off every list, and on the suppression list as 'unsubscribed'. */
export async function leaveEverything(subscriberId: number) {
  await getDb().transaction(async (tx) => {
    const [subscriber] = await tx
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.id, subscriberId))
    if (!subscriber) throw new PreferencesError('NOT_FOUND', 'This subscription no longer exists')
    await tx
      .delete(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, subscriberId))
    await tx
      .insert(newsletterSuppressions)
      .values({ email: subscriber.email.toLowerCase(), reason: 'unsubscribed' })
      .onConflictDoNothing()
  })
}
