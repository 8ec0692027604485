import { and, eq, inArray } from 'drizzle-orm'
import { articles, importMap, plans, profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { slugify } from '~/lib/slugify'
import { countAccess, noAccessCounts } from './import-access'
import { convertBody } from './import-body'
import { imageKey, openImageZip } from './import-images.server'
import { gather } from './import-gather.server'
import type { ImportAnalysis, ImportInput } from './import-job-data'
import {
  acceptedFeaturedImage,
  featuredImageOf,
  itemKey,
  planItem,
  safeDecode,
} from './import-mapping'
import { ownedText } from './owned-text'
import { readSource } from './import-read.server'

// The dry run: what an import would do, read from the file and compared with what is here,
// with nothing written. Stored on the job (`import_jobs.analysis`) and shown before "Import".

const LIST_LIMIT = 200

function chunks<T>(list: T[], size: number) {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

export async function analyseImport(input: ImportInput, now = new Date()): Promise<ImportAnalysis> {
  const found = await gather(input)
  const db = getDb()
  // Tiers are matched to the plans here as the import will match them (it matches again when it runs).
  const plansHere = await db
    .select({ id: plans.id, slug: plans.slug, name: plans.name })
    .from(plans)
  const zip = input.imagesPath ? await openImageZip(input.imagesPath) : null
  const analysis: ImportAnalysis = {
    site: found.site,
    total: 0,
    toImport: 0,
    alreadyImported: 0,
    byTypeAndStatus: {},
    skipped: {},
    scheduled: 0,
    access: noAccessCounts(),
    restricted: [],
    authors: [],
    categories: [],
    tags: [],
    slugClashes: [],
    unknownShortcodes: {},
    images: { found: 0, missing: 0, missingSample: [] },
    refusedImages: [],
  }
  const itemsByAuthor = new Map<string, number>()
  const candidates: { sourceId: string; type: 'post' | 'page'; title: string; slug: string }[] = []
  const seenImages = new Set<string>()
  try {
    for await (const event of readSource(input.source, input.filePath, input.options.siteUrl)) {
      if (event.kind !== 'item') continue
      const item = event.item
      analysis.total++
      const key = itemKey(item)
      analysis.byTypeAndStatus[key] = (analysis.byTypeAndStatus[key] ?? 0) + 1
      const plan = planItem(item, input.options.pagesAs, now)
      if (plan.action === 'skip') {
        analysis.skipped[plan.reason] = (analysis.skipped[plan.reason] ?? 0) + 1
        continue
      }
      analysis.toImport++
      countAccess(analysis.access, item.access, plansHere)
      if (item.author) itemsByAuthor.set(item.author, (itemsByAuthor.get(item.author) ?? 0) + 1)
      if (plan.action === 'article') {
        if (plan.scheduled) analysis.scheduled++
        const slug = slugify(safeDecode(item.slug)) || slugify(item.title)
        candidates.push({
          sourceId: item.sourceId,
          type: item.type === 'page' ? 'page' : 'post',
          title: item.title,
          slug,
        })
      }
      if (item.restricted && analysis.restricted.length < LIST_LIMIT) {
        analysis.restricted.push({ title: item.title, slug: item.slug })
      }
      const body = convertBody(input.source, item.html, {
        siteUrl: found.site.url,
        attachmentUrl: (id) => found.attachments.get(id) ?? null,
        childAttachments: () => found.children.get(item.sourceId) ?? [],
      })
      for (const name of body.unknownShortcodes) {
        analysis.unknownShortcodes[name] = (analysis.unknownShortcodes[name] ?? 0) + 1
      }
      let featured = featuredImageOf(item, found.attachments)
      if (featured && !acceptedFeaturedImage(featured)) {
        if (analysis.refusedImages.length < LIST_LIMIT)
          analysis.refusedImages.push({ title: item.title, url: featured.slice(0, 200) })
        featured = null
      }
      for (const url of featured ? [featured, ...body.images] : body.images) {
        // One image under several addresses (WordPress adds ?w=604 and size suffixes) counts once.
        const key = imageKey(url) ?? url
        if (seenImages.has(key)) continue
        // Kept for the whole file: a copy, not a piece of this item's body (owned-text.ts).
        seenImages.add(ownedText(key))
        if (zip?.has(url)) analysis.images.found++
        else {
          analysis.images.missing++
          if (analysis.images.missingSample.length < LIST_LIMIT)
            analysis.images.missingSample.push(url)
        }
      }
    }
  } finally {
    zip?.close()
  }

  const siteKey = found.site.key
  for (const type of ['post', 'page'] as const) {
    const ofType = candidates.filter((c) => c.type === type)
    for (const part of chunks(ofType, 1000)) {
      const known = await db
        .select({ sourceId: importMap.sourceId })
        .from(importMap)
        .where(
          and(
            eq(importMap.siteKey, siteKey),
            eq(importMap.sourceType, type),
            inArray(
              importMap.sourceId,
              part.map((c) => c.sourceId),
            ),
          ),
        )
      const knownIds = new Set(known.map((k) => k.sourceId))
      analysis.alreadyImported += knownIds.size
      const fresh = part.filter((c) => !knownIds.has(c.sourceId) && c.slug)
      if (fresh.length === 0) continue
      const taken = await db
        .select({ slug: articles.slug })
        .from(articles)
        .where(
          inArray(
            articles.slug,
            fresh.map((c) => c.slug),
          ),
        )
      const takenSlugs = new Set(taken.map((t) => t.slug))
      for (const c of fresh) {
        if (takenSlugs.has(c.slug) && analysis.slugClashes.length < LIST_LIMIT) {
          analysis.slugClashes.push({ title: c.title, slug: c.slug })
        }
      }
    }
  }
  const emails = found.authors.map((a) => a.email.toLowerCase()).filter(Boolean)
  const existing = emails.length
    ? new Set(
        (
          await db
            .select({ email: profiles.email })
            .from(profiles)
            .where(inArray(profiles.email, emails))
        ).map((p) => p.email),
      )
    : new Set<string>()
  analysis.authors = found.authors.map((a) => ({
    name: a.displayName || a.login,
    email: a.email,
    items: itemsByAuthor.get(a.sourceId) ?? 0,
    existing: existing.has(a.email.toLowerCase()),
    admin: a.isAdmin === true,
  }))
  const categoryNames = new Map(
    found.terms.filter((t) => t.kind === 'category').map((t) => [t.slug, t.name]),
  )
  analysis.categories = found.terms
    .filter((t) => t.kind === 'category')
    .map((t) => ({
      name: t.name,
      slug: t.slug,
      parent: t.parentSlug ? (categoryNames.get(t.parentSlug) ?? t.parentSlug) : null,
    }))
  analysis.tags = found.terms
    .filter((t) => t.kind === 'tag')
    .map((t) => ({ name: t.name, slug: t.slug }))
  return analysis
}
