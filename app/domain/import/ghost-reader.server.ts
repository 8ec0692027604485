import { createReadStream } from 'node:fs'
import { JSONParser } from '@streamparser/json'
import { domainErrors } from '~/domain/domain-error'
import { ghostAccess } from './import-access'
import { coAuthorsOf, type SourceAuthor, type SourceEvent, type SourceItem } from './import-source'

// Ghost's JSON export (Ghost 3–6): `{db: [{meta, data}]}` or `{meta, data}` at the top. A large
// site's export is over 100 MB of post bodies, more than the server's heap can parse at once
// (JSON.parse of 121 MB ended the process under --max-old-space-size=192), so it is read as a
// stream with @streamparser/json (as content.json is, docs/decisions/0041), in two passes: the
// first keeps only the small tables a post refers to (settings, users and their roles, tags,
// the posts' tag and author links, meta descriptions) and drops every post as it completes; the
// second hands on the posts one at a time. Two passes need no order of the tables in the file
// (Ghost writes them alphabetically: posts before posts_tags, tags, users).

/** A file that is no readable Ghost export: the uploader's, a 400. */
export class GhostExportError extends domainErrors('GhostExportError', { INVALID_FILE: 400 }) {}

type Row = Record<string, unknown>

const ROOTS = { db: '$.db.0.data', data: '$.data' } as const
type Root = keyof typeof ROOTS

/** The fields kept of each small table's rows (a user's password hash, for one, is not). */
const KEPT: Record<string, readonly string[]> = {
  settings: ['key', 'value'],
  users: ['id', 'slug', 'email', 'name', 'bio'],
  roles: ['id', 'name'],
  roles_users: ['role_id', 'user_id'],
  tags: ['id', 'slug', 'name', 'description', 'visibility'],
  posts_tags: ['post_id', 'tag_id', 'sort_order'],
  posts_authors: ['post_id', 'author_id', 'sort_order'],
  posts_meta: [
    'post_id',
    'meta_title',
    'meta_description',
    'og_image',
    'twitter_image',
    'feature_image_alt',
    'feature_image_caption',
  ],
  // Tiers (Ghost 5 names the table products) and the posts they open.
  products: ['id', 'name', 'slug'],
  posts_products: ['post_id', 'product_id'],
}

/** Ghost's roles that may do everything on the site; their users can be our first admin. */
const ADMIN_ROLES = new Set(['Administrator', 'Owner'])

const CHUNK = 256 * 1024

/**
 * The longest string the reader takes, in bytes (a post's html, mobiledoc or lexical): 16 times
 * the article form's 2,000,000 characters. A value is built whole before it is handed on, so a
 * file of one enormous string would fill the heap the streaming is there to spare.
 */
export const GHOST_STRING_MAX = 32 * 1024 * 1024

/** Follows the file's strings across chunks, to refuse one longer than GHOST_STRING_MAX. */
function stringBound(limit: number) {
  let inString = false
  let escaped = false
  let length = 0
  return (chunk: Uint8Array) => {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]
      if (!inString) {
        if (byte === 0x22) {
          inString = true
          length = 0
        }
      } else if (escaped) {
        escaped = false
      } else if (byte === 0x5c) {
        escaped = true
      } else if (byte === 0x22) {
        inString = false
        continue
      }
      if (inString && ++length > limit)
        throw new GhostExportError(
          'INVALID_FILE',
          `This Ghost export holds a value longer than ${limit / 1024 / 1024} MB; no post is that long.`,
        )
    }
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

function date(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

function pick(row: Row, fields: readonly string[]): Row {
  const kept: Row = {}
  for (const field of fields) if (field in row) kept[field] = row[field]
  return kept
}

interface Arrived {
  root: Root
  table: string
  row: Row
}

/**
 * Every row of the named tables, in file order, one at a time: each is built by the parser
 * from its chunk, handed on, and dropped from its array (keepStack false), so memory follows
 * one chunk and its rows, never the file.
 */
async function* rowsOf(
  filePath: string,
  tables: readonly string[],
  limit = GHOST_STRING_MAX,
): AsyncGenerator<Arrived> {
  const paths = Object.values(ROOTS).flatMap((root) => tables.map((t) => `${root}.${t}.*`))
  const parser = new JSONParser({ paths, keepStack: false })
  let arrived: Arrived[] = []
  parser.onValue = ({ value, stack }) => {
    // stack: the root object, then (db, 0,) data, the table: the table is the last key.
    const table = String(stack[stack.length - 1].key)
    const root: Root = stack.length > 3 ? 'db' : 'data'
    if (value && typeof value === 'object' && !Array.isArray(value))
      arrived.push({ root, table, row: value as Row })
  }
  const unreadable = (error: unknown) =>
    new GhostExportError('INVALID_FILE', `Not a readable Ghost export: ${(error as Error).message}`)
  const stream = createReadStream(filePath, { highWaterMark: CHUNK })
  const bound = stringBound(limit)
  try {
    for await (const chunk of stream) {
      bound(chunk as Buffer)
      try {
        parser.write(chunk as Buffer)
      } catch (error) {
        throw unreadable(error)
      }
      // What this chunk completed is used before the next one is read.
      const ready = arrived
      arrived = []
      yield* ready
    }
    try {
      // The parser ends by itself after the closing brace; a file cut short leaves it open.
      if (!parser.isEnded) parser.end()
    } catch (error) {
      throw unreadable(error)
    }
  } finally {
    stream.destroy()
  }
  yield* arrived
}

/** The first pass: the small tables, and whether (and where) the file holds a Ghost site. */
async function readTables(filePath: string) {
  const tables = new Map<string, Row[]>()
  const seen = new Set<Root>()
  for await (const { root, table, row } of rowsOf(filePath, [...Object.keys(KEPT), 'posts'])) {
    seen.add(root)
    if (table === 'posts') continue
    if (table === 'settings' && !['title', 'db_hash'].includes(str(row.key))) continue
    const list = tables.get(`${root}:${table}`) ?? []
    list.push(pick(row, KEPT[table]))
    tables.set(`${root}:${table}`, list)
  }
  // db[0] when the file has one, as Ghost's own importer reads it.
  const root: Root | null = seen.has('db') ? 'db' : seen.has('data') ? 'data' : null
  if (!root)
    throw new GhostExportError(
      'INVALID_FILE',
      'Not a Ghost export: no posts in db[0].data or data.',
    )
  return { root, rows: (table: string) => tables.get(`${root}:${table}`) ?? [] }
}

/** Every author, tag and post of a Ghost export, in the order the writer needs them. */
export async function* readGhost(filePath: string, siteUrl = ''): AsyncGenerator<SourceEvent> {
  const { root, rows } = await readTables(filePath)
  const settings = new Map(rows('settings').map((s) => [str(s.key), str(s.value)]))
  const title = settings.get('title') ?? ''
  // db_hash names one Ghost install and survives its exports: the key a re-import matches on.
  const key = settings.get('db_hash') ? `ghost:${settings.get('db_hash')}` : `ghost:${title}`
  const url = siteUrl.replace(/\/+$/, '')
  yield { kind: 'site', site: { key, title, url } }

  const adminRoles = new Set(
    rows('roles')
      .filter((r) => ADMIN_ROLES.has(str(r.name)))
      .map((r) => str(r.id)),
  )
  const admins = new Set(
    rows('roles_users')
      .filter((link) => adminRoles.has(str(link.role_id)))
      .map((link) => str(link.user_id)),
  )
  for (const user of rows('users')) {
    const author: SourceAuthor = {
      sourceId: str(user.id),
      login: str(user.slug),
      email: str(user.email),
      displayName: str(user.name),
      bio: str(user.bio),
      isAdmin: admins.has(str(user.id)),
    }
    yield { kind: 'author', author }
  }
  const bySort = (a: Row, b: Row) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0)
  const tagById = new Map<string, Row>()
  for (const tag of rows('tags')) {
    // Internal tags (#name) organise Ghost's own themes; readers never saw them.
    if (str(tag.visibility) === 'internal' || str(tag.name).startsWith('#')) continue
    tagById.set(str(tag.id), tag)
  }
  const tagsOf = new Map<string, Row[]>()
  for (const link of rows('posts_tags')) {
    if (!tagById.has(str(link.tag_id))) continue
    const list = tagsOf.get(str(link.post_id)) ?? []
    list.push(link)
    tagsOf.set(str(link.post_id), list)
  }
  // Ghost has tags only; a post's primary (first) tag is the section its theme shows, so the
  // tags that are someone's primary tag are also our categories.
  const primary = new Set<string>()
  for (const list of tagsOf.values()) primary.add(str(list.sort(bySort)[0].tag_id))
  for (const [id, tag] of tagById) {
    const base = {
      sourceId: id,
      slug: str(tag.slug),
      name: str(tag.name),
      description: str(tag.description),
      parentSlug: null,
    }
    if (primary.has(id)) yield { kind: 'term', term: { ...base, kind: 'category' } }
    yield { kind: 'term', term: { ...base, kind: 'tag' } }
  }
  const authorsOf = new Map<string, Row[]>()
  for (const link of rows('posts_authors')) {
    const list = authorsOf.get(str(link.post_id)) ?? []
    list.push(link)
    authorsOf.set(str(link.post_id), list)
  }
  const excerptOf = new Map(
    rows('posts_meta')
      .filter((m) => str(m.meta_description))
      .map((m) => [str(m.post_id), str(m.meta_description)]),
  )

  // Ghost 5 keeps a featured image's alt text and caption in posts_meta; 4 on the post.
  const featureOf = new Map(
    rows('posts_meta')
      .filter((m) => str(m.feature_image_alt) || str(m.feature_image_caption))
      .map((m) => [str(m.post_id), m]),
  )

  // Ghost 3 and later keep a post's search and social fields in posts_meta; 2 on the post.
  const metaOf = new Map(rows('posts_meta').map((m) => [str(m.post_id), m]))
  const ghostUrl = (value: string) => value.split('__GHOST_URL__').join(url)

  const tierById = new Map(
    rows('products').map((p) => [str(p.id), { name: str(p.name), slug: str(p.slug) }]),
  )
  const tiersOf = new Map<string, { name: string; slug: string }[]>()
  for (const link of rows('posts_products')) {
    const tier = tierById.get(str(link.product_id))
    if (!tier) continue
    tiersOf.set(str(link.post_id), [...(tiersOf.get(str(link.post_id)) ?? []), tier])
  }

  for await (const arrived of rowsOf(filePath, ['posts'])) {
    if (arrived.root !== root) continue
    yield { kind: 'item', item: itemOf(arrived.row) }
  }

  function itemOf(post: Row): SourceItem {
    const id = str(post.id)
    const slugs = (tagsOf.get(id) ?? [])
      .sort(bySort)
      .map((link) => tagById.get(str(link.tag_id)))
      .filter((tag): tag is Row => !!tag)
      .map((tag) => str(tag.slug))
    const bylines = (authorsOf.get(id) ?? []).sort(bySort).map((link) => str(link.author_id))
    const author = bylines[0] ?? (str(post.author_id) || null)
    const visibility = str(post.visibility) || 'public'
    return {
      sourceId: id,
      type: str(post.type) || (post.page === true || post.page === 1 ? 'page' : 'post'),
      status: str(post.status),
      title: str(post.title),
      slug: str(post.slug),
      link: `/${str(post.slug)}/`,
      html: str(post.html),
      excerpt: str(post.custom_excerpt) || (excerptOf.get(id) ?? ''),
      author,
      // Ghost's multiple authors, in their order (issue 40).
      coAuthors: coAuthorsOf(author, bylines),
      date: date(post.published_at),
      categories: slugs.slice(0, 1),
      tags: slugs,
      featuredImage: str(post.feature_image).split('__GHOST_URL__').join(url) || null,
      attachmentUrl: null,
      parentId: null,
      // Members, paid and tier posts come in as gated stories, no longer hidden (issue 38).
      restricted: false,
      access: ghostAccess(visibility, tiersOf.get(id)),
      imageAlt: str(featureOf.get(id)?.feature_image_alt) || str(post.feature_image_alt),
      imageCaption:
        str(featureOf.get(id)?.feature_image_caption) || str(post.feature_image_caption),
      seo: {
        title: str(metaOf.get(id)?.meta_title) || str(post.meta_title),
        description: str(metaOf.get(id)?.meta_description) || str(post.meta_description),
        image: ghostUrl(
          str(metaOf.get(id)?.og_image) ||
            str(post.og_image) ||
            str(metaOf.get(id)?.twitter_image) ||
            str(post.twitter_image),
        ),
      },
    }
  }
}
