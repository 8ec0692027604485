import { sql, type SQL } from 'drizzle-orm'
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  real,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { profiles } from './auth'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * What the storage layer cannot tell cheaply about an uploaded file: its pixel size (kept for
 * layout: width/height attributes avoid reflow), the name it was uploaded under (its label),
 * its alt text, caption and credit, its focal point, and who uploaded it. The file itself lives
 * in object storage under a random name; this row is keyed by bucket and name.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    bucket: text().notNull(),
    name: text().notNull(),
    kind: text().notNull(),
    originalName: text().notNull().default(''),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    width: integer(),
    height: integer(),
    alt: text().notNull().default(''),
    caption: text().notNull().default(''),
    /** Who made the picture, shown as "Photo: …" under it; '' for none. */
    credit: text().notNull().default(''),
    /**
     * The point every crop keeps in frame, as fractions of the width and height from the top
     * left (docs/decisions, focal point); the centre until someone sets it.
     */
    focalX: real().notNull().default(0.5),
    focalY: real().notNull().default(0.5),
    uploadedBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.name] }),
    index('media_files_kind_idx').on(t.kind, t.createdAt.desc()),
    check(
      'media_files_focal_point',
      sql`${t.focalX} between 0 and 1 and ${t.focalY} between 0 and 1`,
    ),
  ],
)

/**
 * A print edition: the PDF (in the pdf_newspapers bucket under its random name), what the
 * newsroom says of it (title, date, number) and what was made of it at upload (cover, pages).
 */
export const newspaperEditions = pgTable(
  'newspaper_editions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** The reader's address: /newspapers/{slug}. */
    slug: text().notNull(),
    title: text().notNull(),
    editionDate: date({ mode: 'string' }).notNull(),
    number: integer(),
    /** Stored name of the PDF in the pdf_newspapers bucket. */
    fileName: text().notNull(),
    size: bigint({ mode: 'number' }).notNull().default(0),
    pageCount: integer().notNull().default(0),
    /** Stored name of the cover image (the first page), null until it is made. */
    coverName: text(),
    coverWidth: integer(),
    coverHeight: integer(),
    /**
     * 'processing' from the upload until its pages are read outside the server's process,
     * then 'ready' (readers see it) or 'failed' (`failure` says why; only the back office
     * sees it).
     */
    status: text({ enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('ready'),
    failure: text(),
    /** Who may read its pages, PDF and text: null follows the site's setting for editions. */
    access: text(),
    uploadedBy: text().references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newspaper_editions_slug_key').on(t.slug),
    uniqueIndex('newspaper_editions_file_key').on(t.fileName),
    index('newspaper_editions_date_idx').on(t.editionDate.desc(), t.id.desc()),
  ],
)

/** The text of each page of an edition, extracted at upload: what edition search matches. */
export const newspaperPages = pgTable(
  'newspaper_pages',
  {
    editionId: integer()
      .notNull()
      .references(() => newspaperEditions.id, { onDelete: 'cascade' }),
    pageNumber: integer().notNull(),
    text: text().notNull().default(''),
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL => sql`to_tsvector('english', coalesce(text, ''))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.pageNumber] }),
    index('newspaper_pages_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
  ],
)
