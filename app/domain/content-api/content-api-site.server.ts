import { getAboutSummary } from '~/domain/pages/pages-queries.server'
import { getSiteSettings, listActiveSocialLinks } from '~/domain/settings/settings-queries.server'
import { cacheKey, EVERYTHING, noteShownKeys } from '~/infra/cache-keys.server'
import { absoluteUrl } from '~/lib/seo'
import { SITE_LANGUAGE } from '~/lib/site-language'
import type { ContentSite } from './content-api-schemas'
import type { ContentReader } from './content-api.server'

// The site's settings through the Content API (docs/content-api.md): what every reader's page
// already shows (the masthead, the footer's about text and social links, the zone dates are
// printed in) and nothing else. Picked field by field, never spread from the settings row, so a
// setting added later (a secret, a mail or payment setting, the admins' two-factor rule) stays
// out until someone decides it is public.

export async function getContentSite(reader: ContentReader): Promise<ContentSite> {
  // The masthead and footer are the chrome; the description is the about page's.
  noteShownKeys([EVERYTHING, cacheKey.page('about')])
  const [settings, description, social] = await Promise.all([
    getSiteSettings(),
    getAboutSummary(),
    listActiveSocialLinks(),
  ])
  return {
    name: settings.logoText || 'Broadsheet',
    description,
    url: reader.siteUrl,
    locale: SITE_LANGUAGE,
    timeZone: settings.timeZone,
    logo: {
      type: settings.logoType === 'image' ? 'image' : 'text',
      text: settings.logoText,
      imageUrl:
        settings.logoType === 'image' && settings.logoImageUrl
          ? absoluteUrl(reader.siteUrl, settings.logoImageUrl)
          : null,
    },
    socialLinks: social.map((link) => ({ platform: link.platform, url: link.url })),
  }
}
