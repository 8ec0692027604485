import { listCategories } from '~/domain/categories/categories-queries.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'

/** What every page's layout needs: brand, navigation. Sessions join here (auth issue). */
export async function getRootData(_request: Request) {
  const [settings, categories] = await Promise.all([getSiteSettings(), listCategories()])
  return {
    settings: {
      logoType: settings.logoType,
      logoText: settings.logoText,
      logoTextColor: settings.logoTextColor,
      logoImageUrl: settings.logoImageUrl,
      logoFontFamily: settings.logoFontFamily,
      logoFontUrl: settings.logoFontUrl,
    },
    categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
    user: null as null | {
      id: string
      email: string
      username: string | null
      role: 'admin' | 'viewer'
    },
  }
}
