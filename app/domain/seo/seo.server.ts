import { isPersonByline, type BylineAuthor } from '~/domain/authors/byline'
import { PAYWALLED_CONTENT_CLASS } from '~/domain/membership/wall-view'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getEnv } from '~/infra/env.server'
import { absoluteUrl, type SiteIdentity } from '~/lib/seo'

// Meta tags are worked out in loaders (here and in app/lib/seo.ts) and handed to each route's
// meta function as data, so none of this code ships to the browser.

/** The public URL (SITE_URL) and the brand (the logo text) that titles and links carry. */
export async function getSiteIdentity(): Promise<SiteIdentity & { logoUrl: string | null }> {
  const settings = await getSiteSettings()
  const siteUrl = getEnv().siteUrl
  return {
    siteUrl,
    brand: settings.logoText || 'Broadsheet',
    logoUrl:
      settings.logoType === 'image' && settings.logoImageUrl
        ? absoluteUrl(siteUrl, settings.logoImageUrl)
        : null,
  }
}

/** The home page's JSON-LD: the news organisation and the site with its search action. */
export function homeJsonLd(
  site: SiteIdentity & { logoUrl: string | null },
  sameAs: string[],
): Record<string, unknown> {
  const home = `${site.siteUrl}/`
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'NewsMediaOrganization',
        '@id': `${home}#organization`,
        name: site.brand,
        url: home,
        ...(site.logoUrl ? { logo: site.logoUrl } : {}),
        ...(sameAs.length > 0 ? { sameAs } : {}),
      },
      {
        '@type': 'WebSite',
        '@id': `${home}#website`,
        name: site.brand,
        url: home,
        publisher: { '@id': `${home}#organization` },
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${site.siteUrl}/search?q={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  }
}

export interface NewsArticleImage {
  url: string
  caption?: string
  /** Who made it: schema.org `creditText` (what Google Images shows as the credit). */
  credit?: string
  width?: number | null
  height?: number | null
}

/**
 * schema.org ImageObject: the absolute URL, the pixel size when known, the caption and credit
 * when set.
 */
export function imageObjectJsonLd(
  site: SiteIdentity,
  image: string | NewsArticleImage,
): Record<string, unknown> {
  const facts = typeof image === 'string' ? { url: image } : image
  return {
    '@type': 'ImageObject',
    url: absoluteUrl(site.siteUrl, facts.url),
    ...(facts.width && facts.height ? { width: facts.width, height: facts.height } : {}),
    ...(facts.caption ? { caption: facts.caption } : {}),
    ...(facts.credit ? { creditText: facts.credit } : {}),
  }
}

export interface NewsArticleFacts {
  slug: string
  title: string
  excerpt: string
  /** The featured image: its URL, or with what the media library says of it. */
  image: string | NewsArticleImage | null
  publishedIso: string | null
  modifiedIso: string
  /** The bylines in order; none: the organisation stands as the author. */
  authors: readonly BylineAuthor[]
  section: string | null
  keywords: string[]
  /** Newest first; each becomes a schema.org CorrectionComment. */
  corrections?: { text: string; correctedIso: string }[]
  /**
   * False for a story behind an account or a plan (issue 38): marked as Google documents for
   * paywalled news, whoever the page is drawn for, with the gated part named by its class.
   */
  isAccessibleForFree?: boolean
}

/** schema.org NewsArticle for an article page. */
export function newsArticleJsonLd(
  site: SiteIdentity & { logoUrl: string | null },
  article: NewsArticleFacts,
): Record<string, unknown> {
  const url = absoluteUrl(site.siteUrl, `/article/${article.slug}`)
  const home = `${site.siteUrl}/`
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    ...(article.excerpt ? { description: article.excerpt } : {}),
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    ...(article.image ? { image: imageObjectJsonLd(site, article.image) } : {}),
    ...(article.publishedIso ? { datePublished: article.publishedIso } : {}),
    dateModified: article.modifiedIso,
    author: authorJsonLd(site, article.authors),
    publisher: {
      '@type': 'NewsMediaOrganization',
      name: site.brand,
      url: home,
      ...(site.logoUrl ? { logo: { '@type': 'ImageObject', url: site.logoUrl } } : {}),
    },
    ...(article.section ? { articleSection: article.section } : {}),
    ...(article.keywords.length > 0 ? { keywords: article.keywords.join(', ') } : {}),
    ...(article.corrections?.length
      ? {
          correction: article.corrections.map((correction) => ({
            '@type': 'CorrectionComment',
            text: correction.text,
            datePublished: correction.correctedIso,
          })),
        }
      : {}),
    ...(article.isAccessibleForFree === false
      ? {
          isAccessibleForFree: false,
          hasPart: {
            '@type': 'WebPageElement',
            isAccessibleForFree: false,
            cssSelector: `.${PAYWALLED_CONTENT_CLASS}`,
          },
        }
      : {}),
  }
}

/**
 * The article's `author`: one Person per byline, a list when it has several (issue 40). "Staff"
 * (an account with no name yet) is the newsroom, and no byline at all too: the organisation
 * stands for it.
 */
function authorJsonLd(
  site: SiteIdentity,
  authors: readonly BylineAuthor[],
): Record<string, unknown> | Record<string, unknown>[] {
  const organisation = { '@type': 'Organization', name: site.brand, url: `${site.siteUrl}/` }
  const credited = authors.map((author) =>
    isPersonByline(author.name) ? personJsonLd(site, author) : organisation,
  )
  if (credited.length === 0) return organisation
  return credited.length === 1 ? credited[0] : credited
}

/** schema.org Person for a byline: the name, and the author page when there is one. */
export function personJsonLd(
  site: SiteIdentity,
  author: Pick<BylineAuthor, 'name' | 'path'>,
  extra: { description?: string | null; image?: string | null } = {},
): Record<string, unknown> {
  return {
    '@type': 'Person',
    name: author.name,
    ...(author.path ? { url: absoluteUrl(site.siteUrl, author.path) } : {}),
    ...(extra.description ? { description: extra.description } : {}),
    ...(extra.image ? { image: absoluteUrl(site.siteUrl, extra.image) } : {}),
  }
}

/** An author page's JSON-LD: a ProfilePage about the person. */
export function authorPageJsonLd(
  site: SiteIdentity,
  author: { name: string; path: string; bio: string | null; image: string | null },
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: absoluteUrl(site.siteUrl, author.path),
    mainEntity: personJsonLd(site, author, { description: author.bio, image: author.image }),
  }
}
