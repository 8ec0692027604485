import type { MetaDescriptor } from 'react-router'

// Per-page findability tags: <title>, description, canonical URL, OpenGraph and Twitter card.
// Built by loaders and passed to meta functions as data (see app/domain/seo/seo.server.ts).

export interface SiteIdentity {
  siteUrl: string
  brand: string
}

export interface SeoInput {
  site: SiteIdentity
  /** The page's own title; the brand is appended (the home page passes the brand alone). */
  title: string
  description?: string | null
  /** Path and query of the canonical URL ("/article/x", "/category/y?page=2"). */
  path: string
  image?: string | null
  type?: 'website' | 'article'
  noIndex?: boolean
  article?: {
    publishedTime?: string | null
    modifiedTime?: string | null
    section?: string | null
    tags?: string[]
  }
}

const DESCRIPTION_MAX = 160

/** Absolute URL of a site path or an already absolute URL. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl
  return `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/** One line of at most 160 characters, cut at a word boundary with an ellipsis. */
export function metaDescription(text: string | null | undefined): string {
  const line = (text ?? '').replace(/\s+/g, ' ').trim()
  if (line.length <= DESCRIPTION_MAX) return line
  const cut = line.slice(0, DESCRIPTION_MAX - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`
}

export function pageTitle(title: string, brand: string): string {
  return title === brand || title === '' ? brand : `${title} | ${brand}`
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { site } = input
  const title = pageTitle(input.title, site.brand)
  const url = absoluteUrl(site.siteUrl, input.path)
  const description = metaDescription(input.description)
  const image = input.image ? absoluteUrl(site.siteUrl, input.image) : null
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: site.brand },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title || site.brand },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: input.title || site.brand },
  ]
  if (description) {
    tags.push(
      { name: 'description', content: description },
      { property: 'og:description', content: description },
      { name: 'twitter:description', content: description },
    )
  }
  if (image) {
    tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image })
  }
  if (input.noIndex) tags.push({ name: 'robots', content: 'noindex, follow' })
  const article = input.article
  if (article) {
    if (article.publishedTime)
      tags.push({ property: 'article:published_time', content: article.publishedTime })
    if (article.modifiedTime)
      tags.push({ property: 'article:modified_time', content: article.modifiedTime })
    if (article.section) tags.push({ property: 'article:section', content: article.section })
    for (const tag of article.tags ?? []) tags.push({ property: 'article:tag', content: tag })
  }
  return tags
}

/** A page's `?page=` kept in its canonical URL from page 2 on. */
export function pagedPath(path: string, page: number): string {
  return page > 1 ? `${path}?page=${page}` : path
}

/** A JSON-LD block as a meta descriptor (React Router renders it, escaped, in <head>). */
export function jsonLdMeta(value: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': value }
}

/** The tags of a page that failed to load: a title, and no indexing. */
export function errorMeta(title: string): MetaDescriptor[] {
  return [{ title }, { name: 'robots', content: 'noindex' }]
}
