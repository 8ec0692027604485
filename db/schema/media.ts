import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * What the storage layer cannot tell cheaply about an uploaded file: its pixel size (kept for
 * layout: width/height attributes avoid reflow) and the name it was uploaded under. The file
 * itself lives in object storage under a random name; this row is keyed by bucket and name.
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.name] }),
    index('media_files_kind_idx').on(t.kind, t.createdAt.desc()),
  ],
)
