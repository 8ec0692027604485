import { eq } from 'drizzle-orm'
import { siteSettings, socialLinks } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getSiteSettings } from './settings-queries.server'
import type { LogoSettingsValues, SocialLinkValues } from './settings-schema'

export class SettingsError extends Error {
  constructor(
    readonly code: 'NOT_FOUND',
    message: string,
  ) {
    super(message)
  }
}

/** Writes the single settings row (id 1), creating it on first save. */
export async function updateLogoSettings(values: LogoSettingsValues) {
  const current = await getSiteSettings()
  const next = {
    logoType: values.logoType,
    // An empty text keeps the brand readable rather than rendering an empty header link.
    logoText: values.logoText || current.logoText,
    logoTextColor: values.logoTextColor,
    logoFontFamily: values.logoFontFamily,
    logoFontUrl: values.logoFontUrl,
    logoImageUrl: values.logoImageUrl,
    updatedAt: new Date(),
  }
  const [row] = await getDb()
    .insert(siteSettings)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({ target: siteSettings.id, set: next })
    .returning()
  return row
}

export async function setRequireAdminTwoFactor(required: boolean) {
  const values = { requireAdminTwoFactor: required, updatedAt: new Date() }
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: siteSettings.id, set: values })
}

export async function addSocialLink(values: SocialLinkValues) {
  const [row] = await getDb()
    .insert(socialLinks)
    .values({ platform: values.platform, url: values.url, icon: values.icon, isActive: true })
    .returning()
  return row
}

export async function deleteSocialLink(id: number) {
  const [row] = await getDb()
    .delete(socialLinks)
    .where(eq(socialLinks.id, id))
    .returning({ id: socialLinks.id })
  if (!row) throw new SettingsError('NOT_FOUND', 'This social link no longer exists')
}
