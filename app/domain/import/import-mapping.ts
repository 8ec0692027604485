import { isImageSource } from '~/domain/articles/articles-schema'
import { STATIC_PAGE_SLUGS } from '~/domain/pages/static-pages'
import type { SourceItem, SourceTerm } from './import-source'

// How an exported item becomes ours (docs/decisions/0040-import-from-wordpress-and-ghost.md). Pure, client-safe.

export type ImportedStatus = 'draft' | 'review' | 'published' | 'hidden'

/** Where an editor wants pages: as articles, or over our static pages of the same address. */
export type PagesAs = 'articles' | 'static'

export type ItemPlan =
  | { action: 'article'; status: ImportedStatus; publishedAt: Date | null; scheduled: boolean }
  | { action: 'static-page'; slug: string }
  | { action: 'skip'; reason: string }

const IMPORTED_TYPES = new Set(['post', 'page'])

/**
 * publish/published → published; future/scheduled → published with its future date (how this
 * site schedules); draft → draft; pending → review; private, password-protected and
 * members-only → hidden (kept from readers, its date kept, so "Show" publishes it as it was);
 * Ghost's email-only "sent" → hidden. Trash, auto-drafts and WordPress's "inherit" are skipped.
 */
export function mapStatus(
  item: Pick<SourceItem, 'status' | 'date' | 'restricted'>,
  now: Date,
): { status: ImportedStatus; publishedAt: Date | null; scheduled: boolean } | null {
  const date = item.date
  switch (item.status) {
    case 'publish':
    case 'published':
    case 'future':
    case 'scheduled': {
      const publishedAt = date ?? now
      const status = item.restricted ? 'hidden' : 'published'
      return { status, publishedAt, scheduled: status === 'published' && publishedAt > now }
    }
    case 'private':
    case 'sent':
      return { status: 'hidden', publishedAt: date ?? now, scheduled: false }
    case 'draft':
      return { status: 'draft', publishedAt: null, scheduled: false }
    case 'pending':
      return { status: 'review', publishedAt: null, scheduled: false }
    default:
      return null
  }
}

export function planItem(item: SourceItem, pagesAs: PagesAs, now: Date): ItemPlan {
  if (!IMPORTED_TYPES.has(item.type)) return { action: 'skip', reason: item.type }
  const mapped = mapStatus(item, now)
  if (!mapped) return { action: 'skip', reason: item.status }
  // A page for members stays an article: a static page has no wall (issue 38).
  const open = (item.access?.level ?? 'everyone') === 'everyone'
  if (item.type === 'page' && pagesAs === 'static' && open) {
    const slug = (STATIC_PAGE_SLUGS as readonly string[]).find((s) => s === item.slug)
    // Only our four static pages exist; any other page stays an article.
    if (slug) return { action: 'static-page', slug }
  }
  return { action: 'article', ...mapped }
}

/** A child category stands on its own; its parent's name goes in its description. */
export function categoryDescription(term: SourceTerm, parentName: string | null): string | null {
  const parts = [term.description.trim()]
  if (parentName) parts.push(`Under ${parentName}.`)
  const text = parts.filter(Boolean).join(' ')
  return text === '' ? null : text
}

/** What the analysis and report call an item: its type and status as the source wrote them. */
export function itemKey(item: Pick<SourceItem, 'type' | 'status'>) {
  return `${item.type}/${item.status}`
}

/** Only an address readers could open needs to keep working (a redirect); a draft's ?p=123 never was one. */
export function wasPublic(item: Pick<SourceItem, 'status'>) {
  return item.status === 'publish' || item.status === 'published'
}

/** A slug as the source wrote it, percent-decoded when it can be. */
export function safeDecode(text: string) {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** The article form's rule for a featured image (articles-schema.ts): the same for an import. */
export const FEATURED_IMAGE_MAX = 2000

/** The address as the form would store it, or null when the form would refuse it. */
export function acceptedFeaturedImage(url: string): string | null {
  const value = url.trim()
  return value !== '' && value.length <= FEATURED_IMAGE_MAX && isImageSource(value) ? value : null
}

/** The item's featured image address, WordPress's `attachment:{id}` resolved. */
export function featuredImageOf(item: SourceItem, attachments: Map<string, string>) {
  return item.featuredImage?.startsWith('attachment:')
    ? (attachments.get(item.featuredImage.slice('attachment:'.length)) ?? null)
    : item.featuredImage
}
