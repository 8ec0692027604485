import { eq } from 'drizzle-orm'
import { siteSettings, socialLinks } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { queueWebhookEvent } from '~/infra/webhook-outbox.server'
import { getSiteSettings } from './settings-queries.server'
import type {
  EditorialSettingsValues,
  LogoSettingsValues,
  SocialLinkValues,
} from './settings-schema'

export class SettingsError extends domainErrors('SettingsError', {
  NOT_FOUND: 404,
  OWN_TWO_FACTOR_REQUIRED: 400,
}) {}

/**
 * A change of what the site shows of itself (its name and logo, its time zone, its social
 * links): written in one transaction with its `site.changed` webhook event (docs/webhooks.md).
 */
function changingSite<T>(what: string, write: (tx: Transaction) => Promise<T>): Promise<T> {
  return getDb().transaction(async (tx) => {
    const result = await write(tx)
    await queueWebhookEvent(tx, { type: 'site.changed', subject: { what } })
    return result
  })
}

/** Writes the single settings row (id 1), creating it on first save. */
export async function updateLogoSettings(values: LogoSettingsValues) {
  const current = await getSiteSettings()
  const next = {
    logoType: values.logoType,
    // An empty text keeps the brand readable rather than rendering an empty header link.
    logoText: values.logoText || current.logoText,
    logoTextColor: values.logoTextColor,
    logoTextColorDark: values.logoTextColorDark,
    logoFontFamily: values.logoFontFamily,
    logoFontUrl: values.logoFontUrl,
    logoImageUrl: values.logoImageUrl,
    updatedAt: new Date(),
  }
  const [row] = await changingSite('logo', (tx) =>
    tx
      .insert(siteSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: siteSettings.id, set: next })
      .returning(),
  )
  // The masthead, on every page.
  announceChanged([EVERYTHING])
  return row
}

/**
 * The time zone the article form reads and shows publish times in, the number of revisions
 * kept per article (older ones go first, at the next save of each article), and the hours a
 * breaking item stays on the bar after publication (unless an editor extends it).
 */
export async function updateEditorialSettings(values: EditorialSettingsValues) {
  const next = {
    timeZone: values.timeZone,
    // Chosen on the Settings screen: the first-start question is answered too.
    timeZoneChosenAt: new Date(),
    revisionsKept: values.revisionsKept,
    breakingNewsHours: values.breakingNewsHours,
    updatedAt: new Date(),
  }
  await changingSite('editorial', (tx) =>
    tx
      .insert(siteSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: siteSettings.id, set: next }),
  )
  // Dates and the breaking-news bar's hours show on every page.
  announceChanged([EVERYTHING])
}

/**
 * Whether the back office should ask this viewer for the site's time zone: an admin, on a
 * site whose zone no one has chosen yet (issue 36: a new site asks once, at its first visit).
 */
export async function needsSiteTimeZone(viewer: { role: string }): Promise<boolean> {
  if (viewer.role !== 'admin') return false
  return (await getSiteSettings()).timeZoneChosenAt === null
}

/**
 * The site's time zone, chosen: by an admin answering the back office's first question (the
 * browser's zone proposed), or by SITE_TIME_ZONE at first start. Digests and lists without a
 * zone of their own follow it from their next send.
 */
export async function chooseSiteTimeZone(timeZone: string) {
  const next = { timeZone, timeZoneChosenAt: new Date(), updatedAt: new Date() }
  await changingSite('timeZone', (tx) =>
    tx
      .insert(siteSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: siteSettings.id, set: next }),
  )
  // Dates show on every page.
  announceChanged([EVERYTHING])
}

/**
 * Requires (or not) two-factor authentication of every admin. An admin without it on their own
 * account may not turn it on: the back office would lock them out at their next request.
 */
export async function setRequireAdminTwoFactor(
  required: boolean,
  byUser: { twoFactorEnabled: boolean },
) {
  if (required && !byUser.twoFactorEnabled) {
    throw new SettingsError(
      'OWN_TWO_FACTOR_REQUIRED',
      'Turn on two-factor authentication for your own account (Profile) before requiring it for every admin.',
    )
  }
  const values = { requireAdminTwoFactor: required, updatedAt: new Date() }
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
  // No reader's page shows it; the settings kept in memory hold it.
  announceChanged(['settings'])
}

/** Newsletter clicks (on by default) or approximate opens (off by default) counted, or not. */
export async function setNewsletterCounting(what: 'clicks' | 'opens', on: boolean) {
  const values =
    what === 'clicks'
      ? { newsletterClickCounting: on, updatedAt: new Date() }
      : { newsletterOpenCounting: on, updatedAt: new Date() }
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
  // No reader's page shows it; the settings kept in memory hold it.
  announceChanged(['settings'])
}

export async function addSocialLink(values: SocialLinkValues) {
  const [row] = await changingSite('socialLinks', (tx) =>
    tx
      .insert(socialLinks)
      .values({ platform: values.platform, url: values.url, icon: values.icon, isActive: true })
      .returning(),
  )
  // The footer and the share row, on every page.
  announceChanged([EVERYTHING])
  return row
}

/** A link's platform, address and icon, checked as when it was added. */
export async function updateSocialLink(id: number, values: SocialLinkValues) {
  const row = await changingSite('socialLinks', async (tx) =>
    existingLink(
      await tx
        .update(socialLinks)
        .set({ platform: values.platform, url: values.url, icon: values.icon })
        .where(eq(socialLinks.id, id))
        .returning(),
    ),
  )
  // The footer and the share row, on every page.
  announceChanged([EVERYTHING])
  return row
}

/** Hides a link from the footer and the share links, or shows it again; it is kept either way. */
export async function setSocialLinkActive(id: number, isActive: boolean) {
  const row = await changingSite('socialLinks', async (tx) =>
    existingLink(
      await tx.update(socialLinks).set({ isActive }).where(eq(socialLinks.id, id)).returning(),
    ),
  )
  // The footer and the share row, on every page.
  announceChanged([EVERYTHING])
  return row
}

export async function deleteSocialLink(id: number) {
  await changingSite('socialLinks', async (tx) =>
    existingLink(
      await tx.delete(socialLinks).where(eq(socialLinks.id, id)).returning({ id: socialLinks.id }),
    ),
  )
  // The footer and the share row, on every page.
  announceChanged([EVERYTHING])
}

/** The link a write returned; none: it was gone (the transaction, its event too, rolls back). */
function existingLink<T>([row]: T[]): T {
  if (!row) throw new SettingsError('NOT_FOUND', 'This social link no longer exists')
  return row
}
