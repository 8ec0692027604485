import { asc, eq } from 'drizzle-orm'
import { siteSettings, socialLinks } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

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
  timeZone: 'UTC',
  revisionsKept: 100,
  breakingNewsHours: 12,
  updatedAt: new Date(0),
}

/** The single settings row; the spec's defaults when it has not been written yet. */
export async function getSiteSettings(): Promise<SiteSettings> {
  const [row] = await getDb().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1)
  return row ?? DEFAULT_SITE_SETTINGS
}

export async function listActiveSocialLinks(): Promise<SocialLink[]> {
  return getDb()
    .select()
    .from(socialLinks)
    .where(eq(socialLinks.isActive, true))
    .orderBy(asc(socialLinks.platform))
}

/** Settings screen: every link, active or not, ordered by platform (spec §7). */
export async function listSocialLinks(): Promise<SocialLink[]> {
  return getDb().select().from(socialLinks).orderBy(asc(socialLinks.platform), asc(socialLinks.id))
}
