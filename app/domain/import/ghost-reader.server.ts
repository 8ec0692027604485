import fsp from 'node:fs/promises'
import type { SourceAuthor, SourceEvent, SourceItem } from './import-source'

// Ghost's JSON export (Ghost 3–6): `{db: [{meta, data}]}` or `{meta, data}` at the top. It is
// read whole: Ghost exports hold text only (images are not in them), a few MB for a large site.

export class GhostExportError extends Error {
  readonly code = 'INVALID_EXPORT' as const
}

type Row = Record<string, unknown>

function rows(data: Row, table: string): Row[] {
  const value = data[table]
  return Array.isArray(value) ? (value.filter((r) => r && typeof r === 'object') as Row[]) : []
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''
}

function date(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d
}

function exportData(parsed: unknown): Row {
  const root = parsed as Row | null
  const db = Array.isArray(root?.db) ? (root.db[0] as Row | undefined) : root
  const data = db?.data
  if (!data || typeof data !== 'object' || !Array.isArray((data as Row).posts)) {
    throw new GhostExportError('Not a Ghost export: no posts in db[0].data or data.')
  }
  return data as Row
}

/** Every author, tag and post of a Ghost export, in the order the writer needs them. */
export async function* readGhost(filePath: string, siteUrl = ''): AsyncGenerator<SourceEvent> {
  let parsed: unknown
  try {
    parsed = JSON.parse(await fsp.readFile(filePath, 'utf8'))
  } catch (error) {
    throw new GhostExportError(`Not a readable Ghost export: ${(error as Error).message}`)
  }
  const data = exportData(parsed)
  const settings = new Map(rows(data, 'settings').map((s) => [str(s.key), str(s.value)]))
  const title = settings.get('title') ?? ''
  // db_hash names one Ghost install and survives its exports: the key a re-import matches on.
  const key = settings.get('db_hash') ? `ghost:${settings.get('db_hash')}` : `ghost:${title}`
  const url = siteUrl.replace(/\/+$/, '')
  yield { kind: 'site', site: { key, title, url } }

  for (const user of rows(data, 'users')) {
    const author: SourceAuthor = {
      sourceId: str(user.id),
      login: str(user.slug),
      email: str(user.email),
      displayName: str(user.name),
      bio: str(user.bio),
    }
    yield { kind: 'author', author }
  }
  const bySort = (a: Row, b: Row) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0)
  const tagById = new Map<string, Row>()
  for (const tag of rows(data, 'tags')) {
    // Internal tags (#name) organise Ghost's own themes; readers never saw them.
    if (str(tag.visibility) === 'internal' || str(tag.name).startsWith('#')) continue
    tagById.set(str(tag.id), tag)
  }
  const tagsOf = new Map<string, Row[]>()
  for (const link of rows(data, 'posts_tags')) {
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
  for (const link of rows(data, 'posts_authors')) {
    const list = authorsOf.get(str(link.post_id)) ?? []
    list.push(link)
    authorsOf.set(str(link.post_id), list)
  }
  const metaOf = new Map(rows(data, 'posts_meta').map((m) => [str(m.post_id), m]))

  for (const post of rows(data, 'posts')) {
    const id = str(post.id)
    const slugs = (tagsOf.get(id) ?? [])
      .sort(bySort)
      .map((link) => tagById.get(str(link.tag_id)))
      .filter((tag): tag is Row => !!tag)
      .map((tag) => str(tag.slug))
    const author =
      (authorsOf.get(id) ?? []).sort(bySort).map((link) => str(link.author_id))[0] ??
      (str(post.author_id) || null)
    const visibility = str(post.visibility) || 'public'
    const html = str(post.html)
    const item: SourceItem = {
      sourceId: id,
      type: str(post.type) || (post.page === true || post.page === 1 ? 'page' : 'post'),
      status: str(post.status),
      title: str(post.title),
      slug: str(post.slug),
      link: `/${str(post.slug)}/`,
      html,
      excerpt: str(post.custom_excerpt) || str(metaOf.get(id)?.meta_description),
      author,
      date: date(post.published_at),
      categories: slugs.slice(0, 1),
      tags: slugs,
      featuredImage: str(post.feature_image).split('__GHOST_URL__').join(url) || null,
      attachmentUrl: null,
      parentId: null,
      restricted: visibility !== 'public',
    }
    yield { kind: 'item', item }
  }
}
