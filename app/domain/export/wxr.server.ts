import { asc } from 'drizzle-orm'
import { categories, mediaFiles, plans, profiles, staticPages, tags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { escapeXml, withoutInvalidXmlChars } from '~/lib/xml'
import { exportedArticles } from './content-json.server'
import { wordpressBody } from './wxr-embeds.server'

/**
 * wordpress.xml: the site as a WordPress eXtended RSS 1.2 file, the format WordPress's own
 * importer reads (Tools → Import → WordPress): authors, categories and tags first, then one
 * item per media file (attachment), article (post) and static page (page). A featured image
 * is the postmeta `_thumbnail_id` naming its attachment, as WordPress stores it. Streamed:
 * articles are read a page at a time.
 */

const NS =
  'xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" ' +
  'xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
  'xmlns:wfw="http://wellformedweb.org/CommentAPI/" ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
  'xmlns:wp="http://wordpress.org/export/1.2/"'

/** Attachments and pages need post ids that no article has: they are numbered above this. */
const ID_SPACE = 1_000_000_000

/** Text inside CDATA: a "]]>" in it is split across two sections, as WordPress does. */
export function cdata(text: string | null | undefined): string {
  const clean = withoutInvalidXmlChars(text ?? '')
  return `<![CDATA[${clean.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`
}

/** WordPress's "Y-m-d H:i:s", in UTC (post_date and post_date_gmt alike). */
function wpDate(date: Date | null): string {
  return date ? date.toISOString().slice(0, 19).replace('T', ' ') : '0000-00-00 00:00:00'
}

/** Our states as WordPress's: a publication in the future is "future", hidden ones "private". */
export function wpStatus(status: string, publishedAt: Date | null, now: Date): string {
  if (status === 'published') return publishedAt && publishedAt > now ? 'future' : 'publish'
  if (status === 'review') return 'pending'
  if (status === 'draft') return 'draft'
  return 'private'
}

const el = (name: string, value: string | number) => `<${name}>${value}</${name}>`

export async function* wxrChunks(
  site: { url: string; name: string; description?: string },
  now = new Date(),
): AsyncGenerator<string> {
  const db = getDb()
  const base = site.url.replace(/\/+$/, '')
  yield `<?xml version="1.0" encoding="UTF-8" ?>\n<rss version="2.0" ${NS}>\n<channel>\n`
  yield (
    el('title', escapeXml(site.name)) +
    el('link', escapeXml(base)) +
    el('description', escapeXml(site.description ?? '')) +
    el('pubDate', now.toUTCString()) +
    el('language', 'en') +
    el('wp:wxr_version', '1.2') +
    el('wp:base_site_url', escapeXml(base)) +
    el('wp:base_blog_url', escapeXml(base)) +
    '\n'
  )

  const authors = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      email: profiles.email,
      name: profiles.name,
      displayName: profiles.displayName,
    })
    .from(profiles)
    .orderBy(asc(profiles.createdAt))
  const logins = new Map<string, string>()
  let authorNumber = 0
  for (const a of authors) {
    const login = a.username || a.email.split('@')[0]
    logins.set(a.id, login)
    yield `<wp:author>${el('wp:author_id', ++authorNumber)}${el('wp:author_login', cdata(login))}${el('wp:author_email', cdata(a.email))}${el('wp:author_display_name', cdata(a.displayName || a.name || login))}${el('wp:author_first_name', cdata(''))}${el('wp:author_last_name', cdata(''))}</wp:author>\n`
  }

  const categoryRows = await db.select().from(categories).orderBy(asc(categories.position))
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]))
  for (const c of categoryRows)
    yield `<wp:category>${el('wp:term_id', c.id)}${el('wp:category_nicename', cdata(c.slug))}${el('wp:category_parent', cdata(''))}${el('wp:cat_name', cdata(c.name))}${el('wp:category_description', cdata(c.description ?? ''))}</wp:category>\n`
  const tagRows = await db.select().from(tags).orderBy(asc(tags.id))
  const tagById = new Map(tagRows.map((t) => [t.id, t]))
  const planSlugs = new Map(
    (await db.select({ id: plans.id, slug: plans.slug }).from(plans)).map((p) => [p.id, p.slug]),
  )
  for (const t of tagRows)
    yield `<wp:tag>${el('wp:term_id', ID_SPACE + t.id)}${el('wp:tag_slug', cdata(t.slug))}${el('wp:tag_name', cdata(t.name))}</wp:tag>\n`

  // Attachments first, so the posts' _thumbnail_id names an item the importer has seen.
  const media = await db.select().from(mediaFiles).orderBy(asc(mediaFiles.createdAt))
  const attachmentIds = new Map<string, number>()
  let attachmentNumber = ID_SPACE
  for (const m of media) {
    const id = ++attachmentNumber
    const path = `/media/${m.bucket}/${m.name}`
    attachmentIds.set(path, id)
    yield item({
      title: m.originalName || m.name,
      link: `${base}${path}`,
      pubDate: m.createdAt,
      creator: (m.uploadedBy && logins.get(m.uploadedBy)) || '',
      content: '',
      excerpt: m.caption,
      id,
      name: m.name.replace(/\.[^.]+$/, ''),
      status: 'inherit',
      type: 'attachment',
      extra:
        el('wp:attachment_url', cdata(`${base}${path}`)) +
        (m.alt ? meta('_wp_attachment_image_alt', m.alt) : ''),
    })
  }

  for await (const a of exportedArticles()) {
    const category = a.categoryId ? categoryById.get(a.categoryId) : undefined
    const terms = [
      ...(category ? [term('category', category.slug, category.name)] : []),
      ...coAuthorTerms(a.authorId, a.coAuthorIds ?? [], logins),
      ...a.tagIds.flatMap((id) => {
        const t = tagById.get(id)
        return t ? [term('post_tag', t.slug, t.name)] : []
      }),
    ]
    const thumbnail = a.featuredImage
      ? attachmentIds.get(localPath(a.featuredImage, base))
      : undefined
    yield item({
      title: a.title,
      link: `${base}/article/${a.slug}`,
      pubDate: a.publishedAt ?? a.createdAt,
      creator: (a.authorId && logins.get(a.authorId)) || '',
      content: wordpressBody(a.content),
      excerpt: a.excerpt,
      id: a.id,
      date: a.publishedAt ?? a.createdAt,
      modified: a.updatedAt,
      name: a.slug,
      status: wpStatus(a.status, a.publishedAt, now),
      type: 'post',
      sticky: a.isFeatured,
      extra:
        terms.join('') +
        (thumbnail ? meta('_thumbnail_id', String(thumbnail)) : '') +
        (a.featuredImage && !thumbnail ? meta('_broadsheet_featured_image', a.featuredImage) : '') +
        (a.videoUrl ? meta('_broadsheet_video_url', a.videoUrl) : '') +
        accessMeta(a, planSlugs) +
        yoastMeta(a, base),
    })
  }

  const pages = await db.select().from(staticPages).orderBy(asc(staticPages.slug))
  let pageNumber = ID_SPACE * 2
  for (const p of pages)
    yield item({
      title: p.title,
      link: `${base}/${p.slug}`,
      pubDate: p.updatedAt,
      creator: '',
      content: wordpressBody(p.content),
      excerpt: '',
      id: ++pageNumber,
      date: p.updatedAt,
      modified: p.updatedAt,
      name: p.slug,
      status: 'publish',
      type: 'page',
      extra: '',
    })
  yield '</channel>\n</rss>\n'
}

/** A featured image's address as the media list names it (our own URLs, absolute or not). */
function localPath(url: string, base: string) {
  return url.startsWith(base) ? url.slice(base.length) : url
}

/**
 * A co-written story's bylines in order, as Co-Authors Plus (WordPress's co-author plugin)
 * writes them: one `author` term per byline, named `cap-{login}`, the first included. A story
 * with one byline has none: its `dc:creator` says it all (issue 40).
 */
function coAuthorTerms(
  authorId: string | null,
  coAuthorIds: readonly string[],
  logins: Map<string, string>,
): string[] {
  if (coAuthorIds.length === 0) return []
  return [authorId, ...coAuthorIds].flatMap((id) => {
    const login = id ? logins.get(id) : undefined
    return login ? [term('author', `cap-${login}`, login)] : []
  })
}

function term(domain: string, slug: string, name: string) {
  return `<category domain="${domain}" nicename="${escapeXml(slug)}">${cdata(name)}</category>`
}

/**
 * Who may read the article (issue 38), as postmeta: `_broadsheet_access` (registered or
 * members; none: everyone), the plans by slug, "free for now" and the preview length. Our
 * WordPress import reads them back as its membership marker.
 */
export function accessMeta(
  a: {
    access: string
    accessPlanIds: number[]
    freeForNow: boolean
    previewParagraphs: number | null
  },
  planSlugs: Map<number, string>,
): string {
  if (a.access === 'everyone') return ''
  const slugs = a.accessPlanIds.flatMap((id) => planSlugs.get(id) ?? [])
  return (
    meta('_broadsheet_access', a.access) +
    (slugs.length ? meta('_broadsheet_access_plans', slugs.join(',')) : '') +
    (a.freeForNow ? meta('_broadsheet_free_for_now', '1') : '') +
    (a.previewParagraphs === null
      ? ''
      : meta('_broadsheet_preview_paragraphs', String(a.previewParagraphs)))
  )
}

/**
 * The search and social fields (issue 40) under Yoast SEO's postmeta keys, which WordPress
 * sites with Yoast read, and our WordPress import reads back.
 */
export function yoastMeta(
  a: { seoTitle?: string | null; metaDescription?: string | null; socialImage?: string | null },
  base: string,
): string {
  const image = a.socialImage?.startsWith('/') ? `${base}${a.socialImage}` : a.socialImage
  return (
    (a.seoTitle ? meta(YOAST_TITLE, a.seoTitle) : '') +
    (a.metaDescription ? meta(YOAST_DESCRIPTION, a.metaDescription) : '') +
    (image ? meta(YOAST_IMAGE, image) : '')
  )
}

export const YOAST_TITLE = '_yoast_wpseo_title'
export const YOAST_DESCRIPTION = '_yoast_wpseo_metadesc'
export const YOAST_IMAGE = '_yoast_wpseo_opengraph-image'

function meta(key: string, value: string) {
  return `<wp:postmeta>${el('wp:meta_key', cdata(key))}${el('wp:meta_value', cdata(value))}</wp:postmeta>`
}

function item(i: {
  title: string
  link: string
  pubDate: Date
  creator: string
  content: string
  excerpt: string
  id: number
  date?: Date
  modified?: Date
  name: string
  status: string
  type: 'post' | 'page' | 'attachment'
  sticky?: boolean
  extra: string
}) {
  const date = i.date ?? i.pubDate
  return (
    '<item>' +
    el('title', cdata(i.title)) +
    el('link', escapeXml(i.link)) +
    el('pubDate', i.pubDate.toUTCString()) +
    el('dc:creator', cdata(i.creator)) +
    `<guid isPermaLink="false">${escapeXml(i.link)}</guid>` +
    el('description', '') +
    el('content:encoded', cdata(i.content)) +
    el('excerpt:encoded', cdata(i.excerpt)) +
    el('wp:post_id', i.id) +
    el('wp:post_date', cdata(wpDate(date))) +
    el('wp:post_date_gmt', cdata(wpDate(date))) +
    el('wp:post_modified', cdata(wpDate(i.modified ?? date))) +
    el('wp:post_modified_gmt', cdata(wpDate(i.modified ?? date))) +
    el('wp:comment_status', cdata('closed')) +
    el('wp:ping_status', cdata('closed')) +
    el('wp:post_name', cdata(i.name)) +
    el('wp:status', cdata(i.status)) +
    el('wp:post_parent', 0) +
    el('wp:menu_order', 0) +
    el('wp:post_type', cdata(i.type)) +
    el('wp:post_password', cdata('')) +
    el('wp:is_sticky', i.sticky ? 1 : 0) +
    i.extra +
    '</item>\n'
  )
}
