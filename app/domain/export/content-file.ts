// The shape of content.json as the site import reads it, and the refusal of a file that does
// not have it (docs/export-format.md). Types and the error only: safe anywhere.

import { domainErrors } from '~/domain/domain-error'
import type { ExportedLive } from '~/domain/live/live-types'

export class ContentImportError extends domainErrors('ContentImportError', {
  NOT_EMPTY: 409,
  BAD_FILE: 400,
}) {}

/* The shape of content.json version 1 (docs/export-format.md), as far as the import reads it. */
export type Dated = string | null
export interface ContentFile {
  format: string
  version: number
  authors: {
    id: string
    username: string | null
    name: string
    displayName: string | null
    email: string
    bio: string | null
    jobTitle: string | null
    socialLinks: { label: string; url: string }[] | null
    image: string | null
    role: 'viewer' | 'contributor' | 'author' | 'editor' | 'admin'
  }[]
  categories: {
    id: number
    name: string
    slug: string
    description: string | null
    position: number
    showInNavigation: boolean
    showOnHome: boolean
    /** Absent in exports made before reader revenue (issue 38): everyone. */
    defaultAccess?: string
  }[]
  tags: { id: number; name: string; slug: string }[]
  /** Absent in exports made before reader revenue: none. */
  plans?: {
    id: number
    slug: string
    name: string
    description: string
    benefits: string[]
    monthlyPriceCents: number | null
    yearlyPriceCents: number | null
    trialDays: number
    status: string
    position: number
  }[]
  articles: {
    id: number
    title: string
    slug: string
    /** Since the slug rule of 2026-11: older exports lack it (see slugClaimedOf). */
    slugClaimed?: boolean
    excerpt: string
    content: string
    featuredImage: string | null
    status: 'draft' | 'review' | 'published' | 'archived' | 'hidden'
    isFeatured: boolean
    hasVideo: boolean
    videoUrl: string | null
    publishedAt: Dated
    categoryId: number | null
    authorId: string | null
    /** The later bylines in order (issue 40); absent in older exports: none. */
    coAuthorIds?: string[]
    createdAt: string
    updatedAt: string
    revisedAt: Dated
    breakingUntil: Dated
    /** Who may read it (issue 38); absent in older exports: everyone. */
    access?: string
    accessPlanIds?: number[]
    freeForNow?: boolean
    previewParagraphs?: number | null
    /** Search and social fields (issue 40); absent in older exports: none. */
    seoTitle?: string | null
    metaDescription?: string | null
    socialImage?: string | null
    tagIds: number[]
    corrections: { text: string; correctedAt: string; createdBy: string | null }[]
    revisions: {
      title: string
      excerpt: string
      content: string
      status: 'draft' | 'review' | 'published' | 'archived' | 'hidden'
      categoryId: number | null
      tagNames: string[]
      featuredImage: string | null
      /** Absent in exports made before access levels existed (and null in revisions kept then). */
      access?: string | null
      accessPlanIds?: number[] | null
      freeForNow?: boolean | null
      previewParagraphs?: number | null
      seoTitle?: string | null
      metaDescription?: string | null
      socialImage?: string | null
      createdBy: string | null
      createdAt: string
    }[]
    /** Absent in exports made before live coverage existed. */
    live?: ExportedLive | null
  }[]
  pages: { slug: string; title: string; content: string; updatedAt: string }[]
  editions: {
    slug: string
    title: string
    editionDate: string
    number: number | null
    fileName: string
    size: number
    pageCount: number
    coverName: string | null
    coverWidth: number | null
    coverHeight: number | null
    status: 'processing' | 'ready' | 'failed'
    createdAt: string
  }[]
  media: {
    bucket: string
    name: string
    kind: string
    originalName: string
    contentType: string
    size: number
    width: number | null
    height: number | null
    alt: string
    caption: string
    /** Since issue 40; a file from before has none (no credit, the centre). */
    credit?: string
    focalX?: number
    focalY?: number
    createdAt: string
  }[]
}

export type ExportedArticle = ContentFile['articles'][number]
/** What the articles refer to: content.json holds it before them. */
export type ContentHead = Pick<ContentFile, 'authors' | 'categories' | 'tags'> & {
  plans: NonNullable<ContentFile['plans']>
}
