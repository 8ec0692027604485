import { META_DESCRIPTION_MAX, SEO_TITLE_MAX, type SeoFields } from './article-seo'
import { isImageSource } from './articles-schema'

// Search and social fields from elsewhere (a content.json restore, a Ghost or WordPress
// import): kept when they fit the form's own rules, so an import never stores what the form
// would refuse; a text too long is cut rather than lost, an image that is no address dropped.

function line(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null
  const text = value.replace(/\s+/g, ' ').trim()
  return text === '' ? null : [...text].slice(0, max).join('').trim()
}

function image(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const source = value.trim()
  return source !== '' && source.length <= 2000 && isImageSource(source) ? source : null
}

export function importedSeoFields(raw: {
  seoTitle?: unknown
  metaDescription?: unknown
  socialImage?: unknown
}): SeoFields {
  return {
    seoTitle: line(raw.seoTitle, SEO_TITLE_MAX),
    metaDescription: line(raw.metaDescription, META_DESCRIPTION_MAX),
    socialImage: image(raw.socialImage),
  }
}
