import type { AccessLevel } from '~/domain/membership/access-level'

// An article's fields as the outside world reads them, the same in the site's export
// (content.json, docs/export-format.md) and in the Content API (docs/content-api.md): both
// build them here, so a change to one is a change to both.

export interface ArticleCoreSource {
  id: number
  title: string
  slug: string
  excerpt: string
  featuredImage: string | null
  publishedAt: Date | null
  updatedAt: Date
  revisedAt: Date | null
  categoryId: number | null
  wordCount: number | null
  access: AccessLevel | string
  freeForNow: boolean
}

/** The fields content.json's article and the Content API's have in common. */
export function articleCoreFields<T extends ArticleCoreSource>(row: T) {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featuredImage: row.featuredImage,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
    revisedAt: row.revisedAt,
    categoryId: row.categoryId,
    wordCount: row.wordCount,
    access: row.access,
    freeForNow: row.freeForNow,
  }
}

/** A correction's fields in both (the export adds who made it). */
export function correctionCoreFields(row: { text: string; correctedAt: Date }) {
  return { text: row.text, correctedAt: row.correctedAt }
}
