import { inArray } from 'drizzle-orm'
import { categories, siteSettings } from '@db/schema/index'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import type { AccessSettingsValues } from './access-settings-schema'

/**
 * Saves the access settings (the single settings row, made on first save). Exempt categories
 * that no longer exist are left out. Prices are kept as stored: a new currency reads them anew.
 */
export async function updateAccessSettings(values: AccessSettingsValues) {
  const db = getDb()
  const exempt =
    values.exemptCategoryIds.length === 0
      ? []
      : (
          await db
            .select({ id: categories.id })
            .from(categories)
            .where(inArray(categories.id, values.exemptCategoryIds))
        ).map((row) => row.id)
  const next = {
    currency: values.currency,
    previewParagraphs: values.previewParagraphs,
    meterMode: values.meterMode,
    meterPeriod: values.meterPeriod,
    meterAnonymousLimit: values.meterAnonymousLimit,
    meterRegisteredLimit: values.meterRegisteredLimit,
    meterExemptCategoryIds: exempt.sort((a, b) => a - b),
    editionsAccess: values.editionsAccess,
    updatedAt: new Date(),
  }
  await db
    .insert(siteSettings)
    .values({ id: 1, ...next })
    .onConflictDoUpdate({ target: siteSettings.id, set: next })
  // The wall, the meter's counter and prices in the currency show on every article page, the
  // e-paper's pages and /subscribe: the chrome's change.
  announceChanged([EVERYTHING])
}
