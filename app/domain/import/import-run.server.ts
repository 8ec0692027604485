import { and, eq } from 'drizzle-orm'
import {
  articles,
  articleTags,
  categories,
  importMap,
  profiles,
  staticPages,
  tags,
} from '@db/schema/index'
import type { Actor } from '~/domain/access/access-rules'
import {
  enforceFieldRules,
  fieldStateOf,
  requireWriter,
} from '~/domain/articles/article-field-rules.server'
import { recordRevision } from '~/domain/articles/revision-record.server'
import { isImageSource } from '~/domain/articles/articles-schema'
import { MediaError, storeUpload, updateImageDetails } from '~/domain/media/media.server'
import { MEDIA_ALT_MAX, MEDIA_CAPTION_MAX, UPLOAD_LIMITS } from '~/domain/media/media-schema'
import type { ReceivedFile } from '~/domain/media/receive-upload.server'
import { sniffImage } from '~/domain/media/file-types.server'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { htmlToPlainText, sanitizeArticleHtml } from '~/infra/sanitize.server'
import { slugify, uniqueSlug } from '~/lib/slugify'
import { usernameKey } from '~/lib/username'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { convertBody, imageTexts, type ImageText } from './import-body'
import { fetchImage, hostLimiter, ImageFetchError, type FetchedImage } from './fetch-image.server'
import { imageKey, openImageZip, type ImageZip } from './import-images.server'
import { ownedText } from './owned-text'
import { categoryDescription, planItem, type PagesAs } from './import-mapping'
import { readSource } from './import-read.server'
import { recordImportRedirect } from './import-redirect.server'
import type { SourceAuthor, SourceItem, SourceKind, SourceSite, SourceTerm } from './import-source'

// The import itself: two passes over the export (the first gathers authors, categories, tags
// and attachments, which are few; the second writes the items one transaction each, reading
// the file as a stream). Every write goes through `import_map` (site, type, source id → ours),
// so running it again, after a kill or with a newer export, updates instead of duplicating.

export interface ImportOptions {
  pagesAs: PagesAs
  /** Ghost exports do not say their address: it resolves __GHOST_URL__ and the old links. */
  siteUrl?: string
  /** Fetch the images not in the zip from where they are (the old site) into the library. */
  fetchImages?: boolean
}

export interface ImportInput {
  source: SourceKind
  filePath: string
  imagesPath: string | null
  options: ImportOptions
}

export interface ReportItem {
  sourceId: string
  title: string
  type: string
  status: string
  outcome: 'created' | 'updated' | 'unchanged' | 'skipped'
  /** Our address for it, when imported. */
  path: string | null
  oldLink: string | null
  note?: string
}

export interface ImportReport {
  site: SourceSite
  counts: Record<ReportItem['outcome'], number>
  items: ReportItem[]
  /** Images not in the zip (or no zip) and not fetched: their remote address is kept. */
  remoteImages: string[]
  /** When the images were fetched from the old site: how many, and the ones that failed. */
  fetchedImages?: { fetched: number; failed: { url: string; reason: string }[] }
  unknownShortcodes: Record<string, number>
}

export interface ImportHooks {
  onProgress?: (processed: number, total: number) => Promise<void> | void
  /** Images fetched from the old site so far, and those that failed. */
  onImages?: (fetched: number, failed: number) => Promise<void> | void
}

interface Gathered {
  site: SourceSite
  authors: SourceAuthor[]
  terms: SourceTerm[]
  attachments: Map<string, string>
  /** An attachment's address → its alt text and caption (WordPress). */
  attachmentTexts: Map<string, ImageText>
  children: Map<string, string[]>
  items: number
}

/** The first pass: everything but the items' bodies. */
export async function gather(input: ImportInput): Promise<Gathered> {
  const found: Gathered = {
    site: { key: '', title: '', url: '' },
    authors: [],
    terms: [],
    attachments: new Map(),
    attachmentTexts: new Map(),
    children: new Map(),
    items: 0,
  }
  for await (const event of readSource(input.source, input.filePath, input.options.siteUrl)) {
    if (event.kind === 'site') found.site = event.site
    else if (event.kind === 'author') found.authors.push(event.author)
    else if (event.kind === 'term') found.terms.push(event.term)
    else {
      found.items++
      const item = event.item
      if (item.type === 'attachment' && item.attachmentUrl) {
        found.attachments.set(item.sourceId, item.attachmentUrl)
        if (item.imageAlt || item.imageCaption) {
          found.attachmentTexts.set(item.attachmentUrl, {
            alt: item.imageAlt ?? '',
            caption: item.imageCaption ?? '',
          })
        }
        if (item.parentId) {
          const list = found.children.get(item.parentId) ?? []
          list.push(item.attachmentUrl)
          found.children.set(item.parentId, list)
        }
      }
    }
  }
  return found
}

export async function mapped(
  tx: Transaction,
  siteKey: string,
  type: typeof importMap.$inferSelect.sourceType,
  sourceId: string,
) {
  const [row] = await tx
    .select({ targetId: importMap.targetId })
    .from(importMap)
    .where(
      and(
        eq(importMap.siteKey, siteKey),
        eq(importMap.sourceType, type),
        eq(importMap.sourceId, sourceId),
      ),
    )
    .limit(1)
  return row?.targetId ?? null
}

async function remember(
  tx: Transaction,
  siteKey: string,
  type: typeof importMap.$inferSelect.sourceType,
  sourceId: string,
  targetId: string,
) {
  await tx
    .insert(importMap)
    .values({ siteKey, sourceType: type, sourceId, targetId })
    .onConflictDoUpdate({
      target: [importMap.siteKey, importMap.sourceType, importMap.sourceId],
      set: { targetId, updatedAt: new Date() },
    })
}

function siteTag(siteKey: string) {
  return slugify(siteKey.replace(/^https?:\/\//, '')).slice(0, 40) || 'site'
}

/** Authors become staff profiles with no password (role author): an admin invites them later. */
async function writeAuthors(siteKey: string, authors: SourceAuthor[]) {
  const ids = new Map<string, string>()
  for (const author of authors) {
    const id = await getDb().transaction(async (tx) => {
      const known = await mapped(tx, siteKey, 'author', author.sourceId)
      if (known) {
        const [row] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(eq(profiles.id, known))
        if (row) return row.id
      }
      const email = (
        author.email || `${slugify(author.login) || 'author'}.${siteTag(siteKey)}@imported.invalid`
      ).toLowerCase()
      const [existing] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.email, email))
      let profileId = existing?.id
      if (!profileId) {
        const base = slugify(author.login || author.displayName) || 'author'
        const username = await uniqueSlug(base, async (candidate) => {
          const [clash] = await tx
            .select({ id: profiles.id })
            .from(profiles)
            .where(eq(profiles.usernameKey, usernameKey(candidate)))
          return clash !== undefined
        })
        profileId = crypto.randomUUID()
        await tx.insert(profiles).values({
          id: profileId,
          name: author.displayName || username,
          email,
          emailVerified: false,
          username,
          usernameKey: usernameKey(username),
          displayName: author.displayName || null,
          bio: author.bio || null,
          role: 'author',
        })
      }
      await remember(tx, siteKey, 'author', author.sourceId, profileId)
      return profileId
    })
    ids.set(author.sourceId, id)
  }
  return ids
}

/** A category or tag of the same address here is the same one; otherwise it is made. */
async function writeTerms(siteKey: string, terms: SourceTerm[]) {
  const categoryIds = new Map<string, number>()
  const tagIds = new Map<string, number>()
  const names = new Map(terms.filter((t) => t.kind === 'category').map((t) => [t.slug, t.name]))
  for (const term of terms) {
    const table = term.kind === 'category' ? categories : tags
    const id = await getDb().transaction(async (tx) => {
      const known = await mapped(tx, siteKey, term.kind, term.sourceId)
      if (known) {
        const [row] = await tx
          .select({ id: table.id })
          .from(table)
          .where(eq(table.id, Number(known)))
        if (row) return row.id
      }
      const slug =
        slugify(safeDecode(term.slug)) || slugify(term.name) || `${term.kind}-${term.sourceId}`
      const [existing] = await tx.select({ id: table.id }).from(table).where(eq(table.slug, slug))
      let targetId = existing?.id
      if (targetId === undefined) {
        const name = term.name || slug
        if (term.kind === 'category') {
          const parentName = term.parentSlug ? (names.get(term.parentSlug) ?? null) : null
          const [row] = await tx
            .insert(categories)
            // Out of the navigation and the home page until an editor chooses: an archive
            // brings dozens of categories, and the menu is the newsroom's to arrange.
            .values({
              name,
              slug,
              description: categoryDescription(term, parentName),
              showInNavigation: false,
              showOnHome: false,
            })
            .returning({ id: categories.id })
          targetId = row.id
        } else {
          const [row] = await tx.insert(tags).values({ name, slug }).returning({ id: tags.id })
          targetId = row.id
        }
      }
      await remember(tx, siteKey, term.kind, term.sourceId, String(targetId))
      return targetId
    })
    ;(term.kind === 'category' ? categoryIds : tagIds).set(term.slug, id)
  }
  return { categoryIds, tagIds }
}

/** The article form's rule for a featured image (articles-schema.ts): the same for an import. */
export const FEATURED_IMAGE_MAX = 2000

/** The address as the form would store it, or null when the form would refuse it. */
export function acceptedFeaturedImage(url: string): string | null {
  const value = url.trim()
  return value !== '' && value.length <= FEATURED_IMAGE_MAX && isImageSource(value) ? value : null
}

/** The item's featured image address, WordPress's `attachment:{id}` resolved. */
export function featuredImageOf(item: SourceItem, attachments: Map<string, string>) {
  return item.featuredImage?.startsWith('attachment:')
    ? (attachments.get(item.featuredImage.slice('attachment:'.length)) ?? null)
    : item.featuredImage
}

function byUrl(a: { url: string }, b: { url: string }) {
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0
}

function wasPublic(item: SourceItem) {
  return item.status === 'publish' || item.status === 'published'
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

interface ImageResolver {
  resolve(url: string, text?: ImageText): Promise<string>
  /** Addresses kept as they were (not in the zip, not fetched, or refused). */
  remote: Set<string>
  /** Fetched from the old site and stored, this run. */
  fetched: number
  /** Remote images that could not be fetched, and why (they keep their address). */
  failed: Map<string, string>
}

/** Fetching the old site's images (ImportOptions.fetchImages): the limits of one run. */
export const FETCH_LIMITS = {
  perHost: 2,
  /** Fetches (and image decodings) at a time in all. */
  overall: 4,
  timeoutMs: 15_000,
  maxRedirects: 3,
  maxBytes: UPLOAD_LIMITS.image,
} as const

interface Fetching {
  dir: string
  allowPrivate: boolean
  limit: ReturnType<typeof hostLimiter>
}

async function startFetching(): Promise<Fetching> {
  return {
    dir: await fsp.mkdtemp(path.join(os.tmpdir(), 'import-fetch-')),
    allowPrivate: getEnv().IMPORT_FETCH_ALLOW_PRIVATE,
    limit: hostLimiter(FETCH_LIMITS.perHost),
  }
}

const overall = hostLimiter(FETCH_LIMITS.overall)

function failureReason(error: unknown) {
  if (error instanceof ImageFetchError) return error.message
  if (error instanceof MediaError) return error.message
  return 'could not be stored'
}

/**
 * Images from the zip, or fetched from the old site, go to the media library once per site
 * (with the alt text and caption they came with); others keep their address.
 */
function imageResolver(
  siteKey: string,
  zip: ImageZip | null,
  fetching: Fetching | null,
  actor: Actor,
  onImages?: (fetched: number, failed: number) => Promise<void> | void,
): ImageResolver {
  const done = new Map<string, string>()
  const pending = new Map<string, Promise<string>>()
  const resolver: ImageResolver = {
    remote: new Set<string>(),
    fetched: 0,
    failed: new Map(),
    resolve(url, text) {
      const inZip = zip !== null && zip.has(url)
      const remote = /^https?:\/\//i.test(url)
      const key = inZip ? imageKey(url) : fetching && remote ? (imageKey(url) ?? url) : null
      if (!key) {
        // Kept for the whole import: a copy, not a piece of this item's body (owned-text.ts).
        if (remote) resolver.remote.add(ownedText(url))
        return Promise.resolve(url)
      }
      const cached = done.get(key) ?? pending.get(key)
      if (cached) return Promise.resolve(cached)
      const work = (
        inZip ? fromZip(url, key, text) : fromOldSite(fetching!, url, key, text)
      ).finally(() => pending.delete(key))
      pending.set(ownedText(key), work)
      return work
    },
  }
  return resolver

  async function known(key: string) {
    const target = await getDb().transaction((tx) => mapped(tx, siteKey, 'attachment', key))
    if (target) done.set(ownedText(key), target)
    return target
  }

  async function keep(key: string, file: ReceivedFile, text?: ImageText) {
    const stored = await storeUpload('image', file, { uploadedBy: actor.id })
    const alt = text ? htmlToPlainText(text.alt).slice(0, MEDIA_ALT_MAX) : ''
    const caption = text ? htmlToPlainText(text.caption).slice(0, MEDIA_CAPTION_MAX) : ''
    if (alt || caption) await updateImageDetails(stored.name, { alt, caption })
    await getDb().transaction((tx) => remember(tx, siteKey, 'attachment', key, stored.url))
    done.set(ownedText(key), stored.url)
    return stored.url
  }

  async function fromZip(url: string, key: string, text?: ImageText) {
    const target = await known(key)
    if (target) return target
    const file = await zip!.extract(url)
    if (!file) return url
    try {
      const handle = await fsp.open(file.path, 'r')
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0)
      await handle.close()
      const head = buffer.subarray(0, bytesRead)
      if (!sniffImage(head)) {
        resolver.remote.add(ownedText(url))
        return url
      }
      const discard = () => fsp.rm(file.path, { force: true })
      return await keep(key, { ...file, head, discard }, text)
    } catch (error) {
      logger.warn({ err: error, url }, 'import: image from the zip refused; its address is kept')
      resolver.remote.add(ownedText(url))
      return url
    } finally {
      await fsp.rm(file.path, { force: true })
    }
  }

  async function fromOldSite(f: Fetching, url: string, key: string, text?: ImageText) {
    const target = await known(key)
    if (target) return target
    let host = ''
    try {
      host = new URL(url).host.toLowerCase()
    } catch {}
    const outcome = await f.limit(host, () =>
      overall('*', async (): Promise<{ url: string } | { error: string }> => {
        let file: FetchedImage | null = null
        try {
          file = await fetchImage(url, f.dir, { ...FETCH_LIMITS, allowPrivate: f.allowPrivate })
          const fetched = file
          const discard = () => fsp.rm(fetched.path, { force: true })
          return { url: await keep(key, { ...fetched, discard }, text) }
        } catch (error) {
          if (!(error instanceof ImageFetchError || error instanceof MediaError)) {
            logger.warn({ err: error, url }, 'import: fetched image not stored')
          }
          return { error: failureReason(error) }
        } finally {
          if (file) await fsp.rm(file.path, { force: true })
        }
      }),
    )
    if ('error' in outcome) {
      resolver.failed.set(ownedText(url), outcome.error)
      resolver.remote.add(ownedText(url))
    } else {
      resolver.fetched++
    }
    await onImages?.(resolver.fetched, resolver.failed.size)
    return 'url' in outcome ? outcome.url : url
  }
}

async function replaceImages(
  html: string,
  images: string[],
  resolver: ImageResolver,
  textOf: (url: string) => ImageText | undefined,
) {
  const unique = [...new Set(images)]
  // Fetches from the old site run side by side (the resolver holds them to its limits).
  const ours = await Promise.all(unique.map((url) => resolver.resolve(url, textOf(url))))
  let result = html
  unique.forEach((url, i) => {
    if (ours[i] !== url) result = result.split(url).join(ours[i])
  })
  return result
}

/** The article's values, compared with what is stored to tell an update from no change. */
interface ArticleValues {
  title: string
  excerpt: string
  content: string
  status: (typeof articles.$inferSelect)['status']
  publishedAt: Date | null
  categoryId: number | null
  authorId: string | null
  featuredImage: string | null
  hasVideo: boolean
  videoUrl: string | null
}

function sameValues(stored: ArticleValues, next: ArticleValues) {
  return (Object.keys(next) as (keyof ArticleValues)[]).every((k) => {
    const a = stored[k]
    const b = next[k]
    return a instanceof Date || b instanceof Date
      ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
      : a === b
  })
}

async function writeArticle(
  tx: Transaction,
  siteKey: string,
  item: SourceItem,
  values: ArticleValues,
  tagIds: number[],
  actor: Actor,
  now: Date,
): Promise<{ outcome: 'created' | 'updated' | 'unchanged'; slug: string }> {
  const type = item.type === 'page' ? 'page' : 'post'
  const known = await mapped(tx, siteKey, type, item.sourceId)
  const [current] = known
    ? await tx
        .select()
        .from(articles)
        .where(eq(articles.id, Number(known)))
        .for('update')
    : []
  let id: number
  let slug: string
  let outcome: 'created' | 'updated' | 'unchanged'
  if (current) {
    id = current.id
    slug = current.slug
    const storedTags = await tx
      .select({ id: articleTags.tagId })
      .from(articleTags)
      .where(eq(articleTags.articleId, id))
    const sameTags =
      storedTags.length === tagIds.length && storedTags.every((t) => tagIds.includes(t.id))
    if (sameValues(current, values) && sameTags) {
      outcome = 'unchanged'
    } else {
      requireWriter(actor, current)
      const before = await fieldStateOf(tx, id, current)
      await tx
        .update(articles)
        .set({ ...values, updatedAt: now })
        .where(eq(articles.id, id))
      await tx.delete(articleTags).where(eq(articleTags.articleId, id))
      if (tagIds.length)
        await tx.insert(articleTags).values(tagIds.map((tagId) => ({ articleId: id, tagId })))
      await enforceFieldRules(tx, actor, before, id)
      await recordRevision(tx, id, actor, now)
      outcome = 'updated'
    }
  } else {
    requireWriter(actor, null)
    const base =
      slugify(safeDecode(item.slug)) || slugify(values.title) || `${type}-${item.sourceId}`
    slug = await uniqueSlug(base, async (candidate) => {
      const rows = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(eq(articles.slug, candidate))
        .limit(1)
      return rows.length > 0
    })
    const [row] = await tx
      .insert(articles)
      .values({ ...values, slug, createdAt: item.date ?? now, updatedAt: now })
      .returning({ id: articles.id })
    id = row.id
    if (tagIds.length)
      await tx.insert(articleTags).values(tagIds.map((tagId) => ({ articleId: id, tagId })))
    await enforceFieldRules(tx, actor, null, id)
    await recordRevision(tx, id, actor, now)
    outcome = 'created'
  }
  await remember(tx, siteKey, type, item.sourceId, String(id))
  // Only an address readers could open needs to keep working; a draft's ?p=123 never was one.
  if (item.link && wasPublic(item)) await recordImportRedirect(tx, item.link, `/article/${slug}`)
  return { outcome, slug }
}

/** Runs an import to its end (a second run, or one after a kill, gives the same result). */
export async function runImport(
  input: ImportInput,
  actor: Actor,
  hooks: ImportHooks = {},
  now = new Date(),
): Promise<ImportReport> {
  const found = await gather(input)
  const siteKey = found.site.key
  const authorIds = await writeAuthors(siteKey, found.authors)
  const { categoryIds, tagIds } = await writeTerms(siteKey, found.terms)
  const zip = input.imagesPath ? await openImageZip(input.imagesPath) : null
  const fetching = input.options.fetchImages ? await startFetching() : null
  const resolver = imageResolver(siteKey, zip, fetching, actor, hooks.onImages)
  const report: ImportReport = {
    site: found.site,
    counts: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
    items: [],
    remoteImages: [],
    unknownShortcodes: {},
  }
  let processed = 0
  try {
    for await (const event of readSource(input.source, input.filePath, input.options.siteUrl)) {
      if (event.kind !== 'item') continue
      const item = event.item
      const entry = await importItem(item)
      report.items.push(entry)
      report.counts[entry.outcome]++
      processed++
      if (processed % 25 === 0 || processed === found.items)
        await hooks.onProgress?.(processed, found.items)
    }
  } finally {
    zip?.close()
    if (fetching) await fsp.rm(fetching.dir, { recursive: true, force: true })
    // An import changes articles, categories, tags and authors by the hundred: every cache starts over.
    announceChanged([EVERYTHING])
  }
  await hooks.onProgress?.(processed, found.items)
  report.remoteImages = [...resolver.remote].sort()
  if (fetching) {
    report.fetchedImages = {
      fetched: resolver.fetched,
      failed: [...resolver.failed].map(([url, reason]) => ({ url, reason })).sort(byUrl),
    }
  }
  return report

  async function importItem(item: SourceItem): Promise<ReportItem> {
    const base = {
      sourceId: item.sourceId,
      title: item.title,
      type: item.type,
      status: item.status,
      oldLink: item.link,
    }
    const plan = planItem(item, input.options.pagesAs, now)
    if (plan.action === 'skip')
      return { ...base, outcome: 'skipped', path: null, note: plan.reason }
    const body = convertBody(input.source, item.html, {
      siteUrl: found.site.url,
      attachmentUrl: (id) => found.attachments.get(id) ?? null,
      childAttachments: () => found.children.get(item.sourceId) ?? [],
    })
    for (const name of body.unknownShortcodes) {
      report.unknownShortcodes[name] = (report.unknownShortcodes[name] ?? 0) + 1
    }
    const texts = imageTexts(body.html)
    const textOf = (url: string) => {
      const own = texts.get(url)
      const attachment = found.attachmentTexts.get(url)
      if (!own) return attachment
      return {
        alt: own.alt || attachment?.alt || '',
        caption: own.caption || attachment?.caption || '',
      }
    }
    const content = sanitizeArticleHtml(
      await replaceImages(body.html, body.images, resolver, textOf),
    )
    if (plan.action === 'static-page') {
      const row = { title: item.title || plan.slug, content, updatedAt: now }
      const outcome = await getDb().transaction(async (tx) => {
        const [stored] = await tx.select().from(staticPages).where(eq(staticPages.slug, plan.slug))
        const same = stored && stored.title === row.title && stored.content === row.content
        if (!same) {
          await tx
            .insert(staticPages)
            .values({ slug: plan.slug, ...row })
            .onConflictDoUpdate({ target: staticPages.slug, set: row })
        }
        await remember(tx, siteKey, 'page', item.sourceId, `static:${plan.slug}`)
        if (item.link && wasPublic(item)) await recordImportRedirect(tx, item.link, `/${plan.slug}`)
        return same ? 'unchanged' : stored ? 'updated' : 'created'
      })
      return { ...base, outcome, path: `/${plan.slug}` }
    }
    const featured = featuredImageOf(item, found.attachments)
    // A `javascript:` or `//other.site` address is refused by the form; it is not stored here
    // either, and the report says so.
    const accepted = featured === null ? null : acceptedFeaturedImage(featured)
    const values: ArticleValues = {
      title: item.title.trim() || 'Untitled',
      excerpt: htmlToPlainText(item.excerpt).slice(0, 500),
      content,
      status: plan.status,
      publishedAt: plan.publishedAt,
      categoryId:
        item.categories.map((slug) => categoryIds.get(slug)).find((id) => id !== undefined) ?? null,
      authorId: (item.author && authorIds.get(item.author)) || null,
      featuredImage: accepted
        ? await resolver.resolve(
            accepted,
            item.imageAlt || item.imageCaption
              ? { alt: item.imageAlt ?? '', caption: item.imageCaption ?? '' }
              : found.attachmentTexts.get(accepted),
          )
        : null,
      hasVideo: body.videoUrl !== null,
      videoUrl: body.videoUrl,
    }
    const ids = [
      ...new Set(
        item.tags.map((slug) => tagIds.get(slug)).filter((id): id is number => id !== undefined),
      ),
    ]
    const { outcome, slug } = await getDb().transaction((tx) =>
      writeArticle(tx, siteKey, item, values, ids, actor, now),
    )
    const notes = [
      item.restricted ? 'members-only or password-protected: imported hidden' : '',
      featured && !accepted
        ? `featured image refused (not an image address): ${featured.slice(0, 200)}`
        : '',
      plan.scheduled ? 'scheduled' : '',
    ].filter(Boolean)
    return {
      ...base,
      outcome,
      path: `/article/${slug}`,
      ...(notes.length ? { note: notes.join('; ') } : {}),
    }
  }
}
