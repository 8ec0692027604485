import { createReadStream } from 'node:fs'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { domainErrors } from '~/domain/domain-error'
import {
  coAuthorsOf,
  type SourceAuthor,
  type SourceEvent,
  type SourceItem,
  type SourceTerm,
} from './import-source'
import { ownedText } from './owned-text'
import { wxrAccess } from './import-access'

// WordPress's export (WXR 1.2) read as a stream with saxes: a chunk of the file is parsed,
// what it completed is handed on, and only then is the next chunk read, so a 500 MB export
// never sits in memory (bench/import.ts measures the peak). Namespaces are matched by their
// usual prefixes (wp:, content:, excerpt:, dc:), which every WordPress version writes.

/** A file that is no readable WordPress export: the uploader's, a 400. */
export class WxrError extends domainErrors('WxrError', { INVALID_FILE: 400 }) {}

/** WordPress writes '0000-00-00 00:00:00' for a draft never dated. */
function gmtDate(value: string | undefined): Date | null {
  if (!value || value.startsWith('0000')) return null
  const date = new Date(`${value.trim().replace(' ', 'T')}Z`)
  return Number.isNaN(date.getTime()) ? null : date
}

function rfcDate(value: string | undefined): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

interface OpenItem {
  fields: Record<string, string>
  meta: Record<string, string>
  metaKey: string
  categories: string[]
  tags: string[]
  /** Co-Authors Plus' `author` terms: every byline's login, in order. */
  bylines: string[]
}

function finishItem(open: OpenItem): SourceItem {
  const f = open.fields
  const type = f['wp:post_type'] ?? 'post'
  const thumbnail = open.meta._thumbnail_id
  return {
    sourceId: f['wp:post_id'] ?? '',
    type,
    status: f['wp:status'] ?? 'publish',
    title: f.title ?? '',
    slug: f['wp:post_name'] ?? '',
    link: f.link?.trim() || null,
    html: f['content:encoded'] ?? '',
    excerpt: f['excerpt:encoded'] ?? '',
    author: f['dc:creator']?.trim() || open.bylines[0] || null,
    coAuthors: coAuthorsOf(f['dc:creator']?.trim() || open.bylines[0] || null, open.bylines),
    date: gmtDate(f['wp:post_date_gmt']) ?? rfcDate(f.pubDate) ?? gmtDate(f['wp:post_date']),
    categories: open.categories,
    tags: open.tags,
    featuredImage: thumbnail ? `attachment:${thumbnail.trim()}` : null,
    attachmentUrl: f['wp:attachment_url']?.trim() || null,
    parentId:
      f['wp:post_parent'] && f['wp:post_parent'].trim() !== '0' ? f['wp:post_parent'].trim() : null,
    restricted: (f['wp:post_password'] ?? '') !== '',
    access: wxrAccess(open.meta),
    seo: {
      title: yoastLiteral(open.meta._yoast_wpseo_title),
      description: yoastLiteral(open.meta._yoast_wpseo_metadesc),
      image: open.meta['_yoast_wpseo_opengraph-image'] ?? open.meta['_yoast_wpseo_twitter-image'],
    },
    ...(type === 'attachment'
      ? {
          imageAlt: open.meta._wp_attachment_image_alt ?? '',
          imageCaption: f['excerpt:encoded'] ?? '',
        }
      : {}),
  }
}

/**
 * A Yoast SEO field as text, or nothing when it is one of Yoast's templates ("%%title%%
 * %%sep%% %%sitename%%"), which only Yoast can fill in: the article's own title stands.
 */
function yoastLiteral(value: string | undefined): string | undefined {
  return value === undefined || value.includes('%%') ? undefined : value
}

/** The elements that hold an item's body and excerpt: read, converted and let go. */
const BODY_TAGS = new Set(['content:encoded', 'excerpt:encoded'])

/** Every author, category, tag and item of a WXR file, in file order, read as a stream. */
export async function* readWxr(filePath: string): AsyncGenerator<SourceEvent> {
  const parser = new SaxesParser()
  const stack: string[] = []
  let text = ''
  let pending: SourceEvent[] = []
  let item: OpenItem | null = null
  let group: Record<string, string> | null = null
  let channel: { title: string; link: string; base: string } | null = {
    title: '',
    link: '',
    base: '',
  }
  let sawRss = false
  let siteSent = false

  const sendSite = () => {
    if (siteSent || !channel) return
    siteSent = true
    const url = (channel.base || channel.link).trim().replace(/\/+$/, '')
    pending.push({ kind: 'site', site: { key: url || channel.title, title: channel.title, url } })
  }

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const parent = stack[stack.length - 1]
    stack.push(tag.name)
    text = ''
    if (tag.name === 'rss') sawRss = true
    if (tag.name === 'item' && parent === 'channel') {
      sendSite()
      item = { fields: {}, meta: {}, metaKey: '', categories: [], tags: [], bylines: [] }
    } else if (
      parent === 'channel' &&
      (tag.name === 'wp:author' || tag.name === 'wp:category' || tag.name === 'wp:tag')
    ) {
      group = {}
    } else if (item && parent === 'item' && tag.name === 'category') {
      group = {
        domain: String(tag.attributes.domain ?? ''),
        nicename: ownedText(String(tag.attributes.nicename ?? '')),
      }
    }
  })
  const onText = (value: string) => {
    text += value
  }
  parser.on('text', onText)
  parser.on('cdata', onText)
  parser.on('closetag', (tag: SaxesTagPlain) => {
    stack.pop()
    const parent = stack[stack.length - 1]
    // A body dies with its item; every other value may be kept past it (owned-text.ts).
    const value = BODY_TAGS.has(tag.name) ? text : ownedText(text)
    text = ''
    if (item) {
      if (tag.name === 'item') {
        pending.push({ kind: 'item', item: finishItem(item) })
        item = null
      } else if (parent === 'item' && tag.name === 'category' && group) {
        const slug = group.nicename || value.trim()
        if (group.domain === 'category') item.categories.push(slug)
        else if (group.domain === 'post_tag') item.tags.push(slug)
        else if (group.domain === 'author') {
          // Co-Authors Plus names the term after the login (`cap-{login}` its slug).
          const login = value.trim() || group.nicename.replace(/^cap-/, '')
          if (login) item.bylines.push(login)
        }
        group = null
      } else if (parent === 'item') {
        item.fields[tag.name] = value
      } else if (parent === 'wp:postmeta' && stack[stack.length - 2] === 'item') {
        // Comments carry meta of their own (wp:commentmeta), which is not the post's.
        if (tag.name === 'wp:meta_key') item.metaKey = value.trim()
        else if (tag.name === 'wp:meta_value' && item.metaKey) item.meta[item.metaKey] = value
      }
      return
    }
    if (group && parent === 'channel') {
      if (tag.name === 'wp:author') {
        const author: SourceAuthor = {
          sourceId: (group['wp:author_login'] ?? '').trim(),
          login: (group['wp:author_login'] ?? '').trim(),
          email: (group['wp:author_email'] ?? '').trim(),
          displayName: (group['wp:author_display_name'] ?? '').trim(),
          bio: '',
        }
        if (author.sourceId) pending.push({ kind: 'author', author })
      } else {
        const isCategory = tag.name === 'wp:category'
        const term: SourceTerm = {
          kind: isCategory ? 'category' : 'tag',
          sourceId: (group['wp:term_id'] ?? '').trim(),
          slug: (group[isCategory ? 'wp:category_nicename' : 'wp:tag_slug'] ?? '').trim(),
          name: (group[isCategory ? 'wp:cat_name' : 'wp:tag_name'] ?? '').trim(),
          description: (
            group[isCategory ? 'wp:category_description' : 'wp:tag_description'] ?? ''
          ).trim(),
          parentSlug: isCategory ? (group['wp:category_parent'] ?? '').trim() || null : null,
        }
        if (term.slug)
          pending.push({ kind: 'term', term: { ...term, sourceId: term.sourceId || term.slug } })
      }
      group = null
    } else if (group && stack[stack.length - 1] !== 'channel') {
      group[tag.name] = value
    } else if (channel && parent === 'channel') {
      if (tag.name === 'title') channel.title = value.trim()
      else if (tag.name === 'link') channel.link = value.trim()
      else if (tag.name === 'wp:base_blog_url') channel.base = value.trim()
    }
    if (tag.name === 'channel') {
      sendSite()
      channel = null
    }
  })

  const stream = createReadStream(filePath, { encoding: 'utf8', highWaterMark: 256 * 1024 })
  try {
    for await (const chunk of stream) {
      try {
        parser.write(chunk as string)
      } catch (error) {
        throw new WxrError(
          'INVALID_FILE',
          `Not a readable WordPress export: ${(error as Error).message}`,
        )
      }
      if (!sawRss && parser.line > 50)
        throw new WxrError('INVALID_FILE', 'Not a WordPress export: no <rss> element.')
      const ready = pending
      pending = []
      yield* ready
    }
    try {
      parser.close()
    } catch (error) {
      throw new WxrError(
        'INVALID_FILE',
        `Not a readable WordPress export: ${(error as Error).message}`,
      )
    }
  } finally {
    stream.destroy()
  }
  if (!sawRss) throw new WxrError('INVALID_FILE', 'Not a WordPress export: no <rss> element.')
  yield* pending
}
