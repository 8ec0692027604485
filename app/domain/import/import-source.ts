// What a WordPress or Ghost export holds, read into one shape: the readers (wxr-reader,
// ghost-reader) produce it, the mapping (import-mapping.ts) and the writer read it. Client-safe.

import type { SourceAccess } from './import-access'

export type SourceKind = 'wordpress' | 'ghost'

export interface SourceSite {
  /** What makes a newer export of the same site update instead of duplicate. */
  key: string
  title: string
  /** The old site's address, for its links and `__GHOST_URL__` (empty when unknown). */
  url: string
}

export interface SourceAuthor {
  /** WordPress login or Ghost user id: what items name as their author. */
  sourceId: string
  login: string
  email: string
  displayName: string
  bio: string
  /** An administrator or owner of the old site, when the export says (Ghost's roles; WXR does not). */
  isAdmin?: boolean
}

export interface SourceTerm {
  kind: 'category' | 'tag'
  sourceId: string
  slug: string
  name: string
  description: string
  /** The parent category's slug (WordPress); null at the top. */
  parentSlug: string | null
}

export interface SourceItem {
  sourceId: string
  /** post, page, attachment, nav_menu_item, revision… as the source names it. */
  type: string
  /** publish, draft, pending, future, private, trash, auto-draft (WordPress); published, draft, scheduled, sent (Ghost). */
  status: string
  title: string
  slug: string
  /** The old address (WXR <link>, Ghost's /{slug}/). */
  link: string | null
  html: string
  excerpt: string
  /** The author's sourceId, if any. */
  author: string | null
  /**
   * The later bylines' sourceIds, in order (issue 40): Ghost's `posts_authors`, WordPress's
   * Co-Authors Plus terms. Absent or empty: one byline.
   */
  coAuthors?: string[]
  /** When it was (or will be) published; null for an undated draft. */
  date: Date | null
  /** Category slugs (the first is the article's category). */
  categories: string[]
  tags: string[]
  /** The featured image's URL, or (WordPress) `attachment:{id}` until resolved. */
  featuredImage: string | null
  /** For attachments: the file's URL. */
  attachmentUrl: string | null
  /** The item it belongs to (an attachment's post: a gallery without ids shows them). */
  parentId: string | null
  /** Behind a password (WordPress): imported hidden. */
  restricted: boolean
  /** Who may read it (Ghost's visibility, a WordPress membership marker); absent: everyone. */
  access?: SourceAccess
  /**
   * The alt text and caption of this item's image: an attachment's own (WordPress), or a
   * post's featured image's (Ghost). Kept in the media library when the image is stored.
   */
  imageAlt?: string
  imageCaption?: string
  /**
   * Search and social fields (Ghost's meta_title, meta_description, og_image; Yoast SEO's
   * postmeta in WordPress); absent or empty: the article's own title, excerpt and image.
   */
  seo?: { title?: string; description?: string; image?: string }
}

export type SourceEvent =
  | { kind: 'site'; site: SourceSite }
  | { kind: 'author'; author: SourceAuthor }
  | { kind: 'term'; term: SourceTerm }
  | { kind: 'item'; item: SourceItem }

/** The bylines after the first, each once (issue 40). */
export function coAuthorsOf(first: string | null, bylines: readonly string[]): string[] {
  return [...new Set(bylines)].filter((id) => id !== first)
}
