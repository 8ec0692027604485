import { sql, type SQL } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { profiles } from './auth'
import { wordCountOf } from './word-count'

export const articleStatus = pgEnum('article_status', [
  'draft',
  'review',
  'published',
  'archived',
  'hidden',
])

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const categories = pgTable(
  'categories',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    description: text(),
    /** Editors' order for the navigation and the home page's sections (then by name). */
    position: integer().notNull().default(0),
    showInNavigation: boolean().notNull().default(true),
    showOnHome: boolean().notNull().default(true),
    /** What its new articles ask of their readers (everyone, registered, members). */
    defaultAccess: text().notNull().default('everyone'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_name_idx').on(t.name),
    check(
      'categories_default_access',
      sql`${t.defaultAccess} in ('everyone', 'registered', 'members')`,
    ),
  ],
)

export const articles = pgTable(
  'articles',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    slug: text().notNull(),
    /**
     * Whether the article holds its slug. An unpublished article's slug is provisional (it
     * follows the title and may equal other drafts'); it is claimed, unique among claimed slugs,
     * when the article is published or an editor types it (docs/product.md "Where we differ" 5).
     */
    slugClaimed: boolean().notNull().default(true),
    excerpt: text().notNull().default(''),
    content: text().notNull().default(''),
    featuredImage: text(),
    status: articleStatus().notNull().default('draft'),
    isFeatured: boolean().notNull().default(false),
    hasVideo: boolean().notNull().default(false),
    videoUrl: text(),
    publishedAt: timestamp({ withTimezone: true }),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    authorId: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Last change a reader can see after first publication ("Updated …", dateModified). */
    revisedAt: timestamp({ withTimezone: true }),
    /** An editor's note when returning the article to its writer; cleared on resubmission. */
    reviewNote: text(),
    reviewNoteAt: timestamp({ withTimezone: true }),
    reviewNoteBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    /** An editor's extension of the breaking-news bar; null: the site's default expiry applies. */
    breakingUntil: timestamp({ withTimezone: true }),
    /** What it asks of its reader: everyone, registered readers, or members (issue 38). */
    access: text().notNull().default('everyone'),
    /** For members stories: the plans that open it; empty: any paid plan. */
    accessPlanIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** "Free for now": a members story shown to everyone until an editor switches it back. */
    freeForNow: boolean().notNull().default(false),
    /** Paragraphs shown before the wall; null: the site's default (3), or the editor's marker. */
    previewParagraphs: integer(),
    /** Search and social title (<title>, og:title, twitter:title); null: the title. */
    seoTitle: text(),
    /** Meta description (also og:/twitter:description, JSON-LD); null: the excerpt. */
    metaDescription: text(),
    /** Image for social cards (og:image, twitter:image, JSON-LD); null: the featured image. */
    socialImage: text(),
    // Cards show reading time; counting words in SQL once per save beats once per page view.
    wordCount: integer().generatedAlwaysAs((): SQL => wordCountOf(sql`content`)),
    // Title A, excerpt B, body text C; tags are stripped so markup never matches a search.
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL =>
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english', regexp_replace(coalesce(content, ''), '<[^>]+>', ' ', 'g')), 'C')`,
    ),
  },
  (t) => [
    check('articles_access', sql`${t.access} in ('everyone', 'registered', 'members')`),
    check('articles_preview_paragraphs', sql`${t.previewParagraphs} between 0 and 50`),
    uniqueIndex('articles_slug_key')
      .on(t.slug)
      .where(sql`slug_claimed`),
    // Every lookup by address (the article page, its live feed, a gift link, the API): the
    // partial index above serves only a query that also says `slug_claimed`, so without this
    // one each uncached article page read every article (45 ms at 200,000 articles).
    index('articles_slug_idx').on(t.slug),
    // Public lists order by `published_at desc, id desc` (PostgreSQL: nulls first). An index in
    // exactly that order answers a page from its first entries instead of sorting every
    // public article (docs/performance.md).
    index('articles_published_idx').on(
      t.status,
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('articles_featured_idx').on(
      t.status,
      t.isFeatured.desc().nullsFirst(),
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('articles_category_idx').on(
      t.categoryId,
      t.status,
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('articles_author_idx').on(t.authorId, t.status, t.publishedAt.desc().nullsFirst()),
    // The back office's list: each of its four orders read from an index, a page at a time
    // (created-asc walks the first backwards).
    index('articles_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('articles_admin_published_idx').on(
      t.publishedAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('articles_admin_published_asc_idx').on(t.publishedAt.asc().nullsLast(), t.id.asc()),
    // No pending list: PGlite runs no autovacuum to merge one, and while it stands the planner
    // prices the index so high that every search reads the whole table (docs/performance.md).
    index('articles_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
)

export const tags = pgTable(
  'tags',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    slug: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_slug_key').on(t.slug),
    index('tags_created_at_idx').on(t.createdAt.desc()),
  ],
)

export const articleTags = pgTable(
  'article_tags',
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.tagId] }),
    // A tag's articles newest first (the related stories' candidates, a tag's page).
    index('article_tags_tag_idx').on(t.tagId, t.articleId),
  ],
)

/**
 * An article's bylines in order (issue 40): position 0 is the first byline, which
 * `articles.author_id` repeats so that every query reading "the author" keeps working
 * (decision 0055). A writer appears once per article.
 */
export const articleBylines = pgTable(
  'article_bylines',
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.position] }),
    uniqueIndex('article_bylines_writer_key').on(t.articleId, t.userId),
    index('article_bylines_user_idx').on(t.userId, t.articleId),
    check('article_bylines_position', sql`${t.position} >= 0`),
  ],
)

/**
 * Daily view counts per article, per day of the paper (its time zone, site settings): enough
 * for "trending" and the desk's figures without storing anything about readers.
 */
export const articleViews = pgTable(
  'article_views',
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.day] }), index('article_views_day_idx').on(t.day)],
)

/**
 * Which readers' views of an article a UTC day has counted, so each counts once
 * (domain/articles/view-counter.server.ts): a reader is a keyed hash of the client's address
 * and user agent under that day's key (`view_reader_keys`), never the address itself. The
 * primary key is the dedupe every instance shares; rows older than yesterday are deleted
 * (server/housekeeping.ts), keys older than today too.
 */
export const articleViewReaders = pgTable(
  'article_view_readers',
  {
    day: date({ mode: 'string' }).notNull(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    readerHash: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.articleId, t.readerHash] })],
)

/** One random key per UTC day for `article_view_readers`' hashes, shared by every instance. */
export const viewReaderKeys = pgTable('view_reader_keys', {
  day: date({ mode: 'string' }).primaryKey(),
  key: text().notNull(),
})

/**
 * What an article was at each manual save: enough to compare and to restore it. Tags are kept
 * by name, so a restore brings back a tag deleted since.
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    excerpt: text().notNull().default(''),
    content: text().notNull().default(''),
    status: articleStatus().notNull(),
    categoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
    tagNames: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    featuredImage: text(),
    /**
     * The access level as saved (issue 38); null in revisions kept before access levels
     * existed, which a restore leaves as the article has it.
     */
    access: text(),
    accessPlanIds: integer().array(),
    freeForNow: boolean(),
    previewParagraphs: integer(),
    /** The search and social fields as saved (null: none, or kept before they existed). */
    seoTitle: text(),
    metaDescription: text(),
    socialImage: text(),
    createdBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_revisions_article_idx').on(t.articleId, t.id.desc())],
)

/** Corrections an editor appends to a published article: shown at its end, newest first. */
export const articleCorrections = pgTable(
  'article_corrections',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    correctedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('article_corrections_article_idx').on(t.articleId, t.correctedAt.desc()),
    index('article_corrections_recent_idx').on(t.correctedAt.desc()),
  ],
)
