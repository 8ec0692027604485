import { once } from 'node:events'
import { createWriteStream } from 'node:fs'

/*
 * A generated Ghost export of any size, written a post at a time (the file is never held in
 * memory), in Ghost's shape: `{db: [{meta, data}]}` with the tables in the order Ghost writes
 * them (alphabetical: posts before posts_tags, tags and users). Every post is published, by the
 * one user (an Administrator), with one of ten tags, and its body is about `bodyBytes` long.
 * For the large-export test (app/domain/import/ghost-large.server.test.ts) and bench/import.ts.
 */

export interface GhostExportShape {
  posts: number
  /** The length of each post's html, about (10 KB in the audit's 121 MB export). */
  bodyBytes: number
  /** Ghost's site identity (settings.db_hash). */
  dbHash?: string
}

const TAGS = 10

export function ghostPostSlug(n: number) {
  return `harbour-report-${n + 1}`
}

function paragraphs(n: number, bytes: number) {
  const paragraph = `<p>Report ${n + 1}: the harbour wall was mended again this week, and the ferry kept its winter timetable while the council argued over the cost of the new pier.</p>`
  return paragraph.repeat(Math.max(1, Math.round(bytes / paragraph.length)))
}

export async function writeGhostExport(file: string, shape: GhostExportShape) {
  const out = createWriteStream(file)
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain')
  }
  const list = async (name: string, count: number, row: (n: number) => object, last = false) => {
    await write(`"${name}":[`)
    for (let n = 0; n < count; n++) await write(`${n ? ',' : ''}${JSON.stringify(row(n))}`)
    await write(`]${last ? '' : ','}`)
  }
  const postId = (n: number) => `p${n + 1}`
  await write('{"db":[{"meta":{"exported_on":1700000000000,"version":"5.75.0"},"data":{')
  await list('posts', shape.posts, (n) => ({
    id: postId(n),
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Harbour report ${n + 1}`,
    slug: ghostPostSlug(n),
    mobiledoc: null,
    html: paragraphs(n, shape.bodyBytes),
    feature_image: n % 2 ? `__GHOST_URL__/content/images/2023/01/pier-${n + 1}.jpg` : null,
    type: 'post',
    status: 'published',
    visibility: 'public',
    created_at: '2023-01-02T10:00:00.000Z',
    published_at: new Date(Date.UTC(2023, 0, 2) + n * 60_000).toISOString(),
    custom_excerpt: null,
  }))
  await list('posts_authors', shape.posts, (n) => ({
    id: `pa${n + 1}`,
    post_id: postId(n),
    author_id: 'u1',
    sort_order: 0,
  }))
  await list('posts_meta', shape.posts, (n) => ({
    id: `pm${n + 1}`,
    post_id: postId(n),
    meta_description: `The harbour, part ${n + 1}.`,
    og_description: null,
  }))
  await list('posts_tags', shape.posts, (n) => ({
    id: `pt${n + 1}`,
    post_id: postId(n),
    tag_id: `t${(n % TAGS) + 1}`,
    sort_order: 0,
  }))
  await list('roles', 2, (n) => ({ id: `r${n + 1}`, name: n ? 'Author' : 'Administrator' }))
  await list('roles_users', 1, () => ({ id: 'ru1', role_id: 'r1', user_id: 'u1' }))
  await list('settings', 2, (n) =>
    n
      ? { id: 's2', key: 'db_hash', value: shape.dbHash ?? 'generated-harbour-gazette' }
      : { id: 's1', key: 'title', value: 'The Harbour Gazette' },
  )
  await list('tags', TAGS, (n) => ({
    id: `t${n + 1}`,
    name: `Quay ${n + 1}`,
    slug: `quay-${n + 1}`,
    description: null,
    visibility: 'public',
  }))
  await list(
    'users',
    1,
    () => ({
      id: 'u1',
      name: 'Harbour Editor',
      slug: 'harbour-editor',
      email: 'editor@harbour.example',
      password: '$2a$10$notarealhashnotarealhashnotarealhashnotarealhashnotar',
      bio: null,
    }),
    true,
  )
  await write('}}]}')
  out.end()
  await once(out, 'finish')
}

/** A Ghost tier (Ghost's `products` table). */
export interface GhostTier {
  id: string
  name: string
  slug: string
}

/**
 * A small Ghost export as Ghost writes it (`db[0].data`): `posts` as given, the `tiers` and
 * which tier each post names (`tierOf`: post id → tier id), and Ghost's site identity.
 */
export function smallGhostExport({
  posts,
  tiers,
  tierOf,
  dbHash,
}: {
  posts: object[]
  tiers: GhostTier[]
  tierOf: Record<string, string>
  dbHash: string
}): string {
  return JSON.stringify({
    db: [
      {
        meta: { version: '5.0.0' },
        data: {
          posts,
          products: tiers,
          posts_products: Object.entries(tierOf).map(([post_id, product_id]) => ({
            post_id,
            product_id,
          })),
          settings: [{ key: 'db_hash', value: dbHash }],
        },
      },
    ],
  })
}
