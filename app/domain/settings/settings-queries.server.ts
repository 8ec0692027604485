import { asc, eq } from 'drizzle-orm'
import { siteSettings, socialLinks } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { memoized } from '~/infra/memo-cache.server'
import { serverTimeZone } from '~/infra/server-time-zone.server'

export type SiteSettings = typeof siteSettings.$inferSelect
export type SocialLink = typeof socialLinks.$inferSelect

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  id: 1,
  logoType: 'text',
  logoText: 'Broadsheet',
  logoTextColor: '#000000',
  logoTextColorDark: '#F5F5F5',
  logoImageUrl: null,
  logoFontFamily: null,
  logoFontUrl: null,
  requireAdminTwoFactor: false,
  // Before the row is written: the server's zone (TZ, else the runtime's), not UTC.
  timeZone: serverTimeZone(),
  timeZoneChosenAt: null,
  revisionsKept: 100,
  breakingNewsHours: 12,
  newsletterClickCounting: true,
  newsletterOpenCounting: false,
  currency: 'USD',
  meterMode: 'off',
  meterPeriod: 'month',
  meterAnonymousLimit: 3,
  meterRegisteredLimit: 10,
  meterExemptCategoryIds: [],
  editionsAccess: 'everyone',
  previewParagraphs: 3,
  updatedAt: new Date(0),
}

/** How long the site's chrome is kept in memory at most; any write empties it sooner. */
export const CHROME_TTL_MS = 60_000

/**
 * The single settings row; the defaults of docs/product.md §3 when it has not been written yet. Every page
 * reads it: kept in memory until a write (app/infra/memo-cache.server.ts); the value is frozen.
 */
export const getSiteSettings: () => Promise<SiteSettings> = memoized(
  'site-settings',
  async () => {
    const [row] = await getDb().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1)
    return row ?? DEFAULT_SITE_SETTINGS
  },
  // The chrome itself: a change of the chrome (`chrome`) drops it, and of the admins' security
  // setting (`settings`), which it holds and no reader's page shows.
  { ttlMs: CHROME_TTL_MS, shows: () => [], alsoDroppedBy: ['settings'] },
)

/** The footer's and the share row's links; kept in memory until a write, like the settings. */
export const listActiveSocialLinks: () => Promise<SocialLink[]> = memoized(
  'active-social-links',
  () =>
    getDb()
      .select()
      .from(socialLinks)
      .where(eq(socialLinks.isActive, true))
      .orderBy(asc(socialLinks.platform)),
  { ttlMs: CHROME_TTL_MS, shows: () => [] },
)

/** Settings screen: every link, active or not, ordered by platform (docs/product.md §7). */
export async function listSocialLinks(): Promise<SocialLink[]> {
  return getDb().select().from(socialLinks).orderBy(asc(socialLinks.platform), asc(socialLinks.id))
}
