import { canOpenBackOffice } from '~/domain/access/access-rules'
import { listPublicCategories } from '~/domain/categories/categories-queries.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getSessionUser } from '~/infra/permissions.server'

/**
 * What every page's layout needs: brand, navigation and whether someone is signed in. The session is
 * looked up only when the request carries a session cookie, so anonymous page views cost no
 * session query and stay cacheable.
 */
export async function getRootData(request: Request) {
  const [settings, categories, sessionUser] = await Promise.all([
    getSiteSettings(),
    // The navigation: categories with a published article, as the editors order them.
    listPublicCategories('navigation'),
    getSessionUser(request),
  ])
  return {
    settings: {
      logoType: settings.logoType,
      logoText: settings.logoText,
      logoTextColor: settings.logoTextColor,
      logoTextColorDark: settings.logoTextColorDark,
      logoImageUrl: settings.logoImageUrl,
      logoFontFamily: settings.logoFontFamily,
      logoFontUrl: settings.logoFontUrl,
      // Every date the browser draws is in the paper's zone (docs/product.md "Dates and times").
      timeZone: settings.timeZone,
    },
    categories: categories.map(({ id, name, slug }) => ({ id, name, slug })),
    // Only what the header and the menu draw: every signed-in reader's page is the same page,
    // so the page cache keeps one per kind of reader (decision 0046). The back office reads
    // who is signed in from its own layout (routes/admin.tsx).
    user: sessionUser ? { opensBackOffice: canOpenBackOffice(sessionUser) } : null,
  }
}
