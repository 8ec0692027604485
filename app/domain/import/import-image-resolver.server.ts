import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Actor } from '~/domain/access/access-rules'
import { sniffImage } from '~/domain/media/file-types.server'
import { MediaError, storeUpload, updateImageDetails } from '~/domain/media/media.server'
import { MEDIA_ALT_MAX, MEDIA_CAPTION_MAX, UPLOAD_LIMITS } from '~/domain/media/media-schema'
import type { ReceivedFile } from '~/domain/media/receive-upload.server'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { htmlToPlainText } from '~/infra/sanitize.server'
import { fetchImage, hostLimiter, ImageFetchError, type FetchedImage } from './fetch-image.server'
import type { ImageText } from './import-body'
import { imageKey, type ImageZip } from './import-images.server'
import { mapped, remember } from './import-map.server'
import { ownedText } from './owned-text'

// The import's images step: an image a story uses comes from the zip, or (with "Fetch images
// from the old site") from where it is, into the media library once per site; the others keep
// their address and the report lists them.

export interface ImageResolver {
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

export interface Fetching {
  dir: string
  allowPrivate: boolean
  limit: ReturnType<typeof hostLimiter>
}

export async function startFetching(): Promise<Fetching> {
  return {
    dir: await fsp.mkdtemp(path.join(os.tmpdir(), 'import-fetch-')),
    allowPrivate: getEnv().IMPORT_FETCH_ALLOW_PRIVATE,
    limit: hostLimiter(FETCH_LIMITS.perHost),
  }
}

/** Removes what a run's fetches left in their temporary folder. */
export async function stopFetching(fetching: Fetching) {
  await fsp.rm(fetching.dir, { recursive: true, force: true })
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
export function imageResolver(
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

/** The body with each image's address replaced by where the resolver put it. */
export async function replaceImages(
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
