import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  fetchImage,
  fetchSmall,
  ImageFetchError,
  type FetchLimits,
} from '~/domain/import/fetch-image.server'
import { MediaError, storeUpload } from '~/domain/media/media.server'
import { UPLOAD_LIMITS } from '~/domain/media/media-schema'
import { getEnv } from '~/infra/env.server'
import { isOwnMediaAddress } from '~/infra/embed-html.server'
import { logger } from '~/infra/logger.server'
import { embedBlock, type EmbedBlock } from '~/lib/embed-block'
import { embedAddress, providerOwning, type EmbedProvider } from '~/lib/embed-providers'

// An embed is looked up once, when it is inserted (issue 40): the provider's oEmbed gives its
// title, author and picture, and the picture is stored in our media library so that a reader's
// card asks the provider for nothing. Whatever goes wrong (offline, a slow or odd answer, an
// unknown site) the writer still gets a block: a link card from the address alone.

/** 5 s and 256 KiB for the oEmbed answer; the picture within the media library's own limit. */
export const OEMBED_LIMITS = { timeoutMs: 5_000, maxBytes: 256 * 1024, maxRedirects: 3 } as const
export const THUMBNAIL_LIMITS = {
  timeoutMs: 5_000,
  maxBytes: UPLOAD_LIMITS.image,
  maxRedirects: 3,
} as const

export interface EmbedLookup {
  block: EmbedBlock
  /** Whether the provider's oEmbed answered (false: drawn from the address alone). */
  described: boolean
}

interface OEmbedFacts {
  title: string
  author: string
  thumbnailUrl: string
  html: string
}

/** The provider's endpoint for `url`, at EMBED_OEMBED_ORIGIN instead when it is set (tests). */
export function oembedRequestUrl(provider: EmbedProvider, url: URL): string | null {
  if (!provider.oembed) return null
  const endpoint = new URL(provider.oembed(url))
  const origin = getEnv().EMBED_OEMBED_ORIGIN
  const request = origin ? new URL(endpoint.pathname, origin) : endpoint
  request.searchParams.set('url', url.href)
  request.searchParams.set('format', 'json')
  return request.href
}

const text = (value: unknown) => (typeof value === 'string' ? value : '')

async function askOEmbed(address: string, limits: FetchLimits): Promise<OEmbedFacts | null> {
  const body = await fetchSmall(address, limits, 'application/json')
  let answer: unknown
  try {
    answer = JSON.parse(body.toString('utf8'))
  } catch {
    return null
  }
  if (!answer || typeof answer !== 'object') return null
  const facts = answer as Record<string, unknown>
  return {
    title: text(facts.title),
    author: text(facts.author_name),
    thumbnailUrl: text(facts.thumbnail_url),
    html: text(facts.html),
  }
}

/** The picture stored in our media library; its address there, or '' when it could not be. */
async function keepThumbnail(address: string, allowPrivate: boolean, uploadedBy: string) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'embed-thumbnail-'))
  try {
    const file = await fetchImage(address, dir, { ...THUMBNAIL_LIMITS, allowPrivate })
    const discard = () => fsp.rm(file.path, { force: true })
    const stored = await storeUpload('image', { ...file, discard }, { uploadedBy })
    return stored.url
  } catch (error) {
    if (!(error instanceof ImageFetchError || error instanceof MediaError)) throw error
    logger.info({ address, code: error.code }, 'embed: picture not stored')
    return ''
  } finally {
    await fsp.rm(dir, { recursive: true, force: true })
  }
}

/**
 * The block for a pasted address (already checked by embedLookupSchema). A provider's page is
 * described by its oEmbed where it has one; any failure there leaves the block undescribed.
 */
export async function lookUpEmbed(address: string, uploadedBy: string): Promise<EmbedLookup> {
  const url = embedAddress(address)
  if (!url) throw new Error('lookUpEmbed: the address was not checked')
  const fromAddress = embedBlock({ url: url.href }, isOwnMediaAddress)!
  const provider = providerOwning(url)
  const request = provider ? oembedRequestUrl(provider, url) : null
  if (!provider || !request) return { block: fromAddress, described: false }

  const allowPrivate = getEnv().EMBED_FETCH_ALLOW_PRIVATE
  let facts: OEmbedFacts | null
  try {
    facts = await askOEmbed(request, { ...OEMBED_LIMITS, allowPrivate })
  } catch (error) {
    if (!(error instanceof ImageFetchError)) throw error
    logger.info({ provider: provider.id, code: error.code }, 'embed: no oEmbed answer')
    facts = null
  }
  if (!facts) return { block: fromAddress, described: false }

  const canonical = provider.canonical?.(url, facts.html) ?? null
  const thumbnail = facts.thumbnailUrl
    ? await keepThumbnail(facts.thumbnailUrl, allowPrivate, uploadedBy)
    : ''
  const block = embedBlock(
    { url: canonical ?? url.href, title: facts.title, author: facts.author, thumbnail },
    isOwnMediaAddress,
  )
  return { block: block ?? fromAddress, described: true }
}
