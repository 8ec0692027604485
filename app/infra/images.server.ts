import crypto from 'node:crypto'
import os from 'node:os'
import type Sharp from 'sharp'
import type { Metadata } from 'sharp'
import { coverCrop, FRAME, isCentre, type FocalPoint } from '~/lib/focal-point'
import { IMAGE_WIDTHS, SOCIAL_CROP, socialCropName, variantName } from '~/lib/image-variants'
import { getStorage, readAll } from './storage.server'

let sharpLoading: Promise<typeof Sharp> | undefined

/**
 * sharp (libvips) loads with the first image handled, not at start: ~25 MiB of resident memory
 * that serving readers never needs (docs/performance.md, memory). Its work runs off the event
 * loop; what it may take is bounded here (issue 20): half the cores for one image, a small
 * operation cache, one image at a time (inImageQueue), MAX_IMAGE_PIXELS, IMAGE_TIMEOUT_SECONDS.
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (sharpLoading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(Math.max(1, Math.floor(os.availableParallelism() / 2)))
    sharp.cache({ memory: 32, files: 0, items: 50 })
    return sharp
  }))
}

/**
 * Pixels an image may have: a 100-megapixel camera's photographs. A larger one (a 16,000 ×
 * 16,000 PNG of a few kilobytes decodes to a gigabyte) is refused from its header.
 */
export const MAX_IMAGE_PIXELS = 100_000_000
/** Seconds one sharp pipeline may run before libvips stops it. */
export const IMAGE_TIMEOUT_SECONDS = 30

/** An image past MAX_IMAGE_PIXELS; its message is for the person who uploaded it. */
export class ImageTooLargeError extends Error {
  constructor(width: number, height: number) {
    super(
      `This image is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. Resize it and upload it again.`,
    )
    this.name = 'ImageTooLargeError'
  }
}

let imageQueue: Promise<unknown> = Promise.resolve()

/** Runs image work one job at a time in the process, whatever the number of uploads. */
export function inImageQueue<T>(work: () => Promise<T>): Promise<T> {
  const run = imageQueue.then(work)
  imageQueue = run.catch(() => {})
  return run
}

/** sharp's input options for an uploaded image: its pixels limited, its decoder's errors refused. */
export const LIMITED_INPUT = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const

export interface StoredImage {
  name: string
  url: string
  width: number
  height: number
}

export function randomObjectName(extension: string) {
  const ext = extension
    .replace(/^\./, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
  return `${Date.now()}-${crypto.randomInt(1e9)}${ext ? `.${ext}` : ''}`
}

/**
 * Stores an image in the media bucket with its webp variants (docs/product.md §9: 640/828/1200/1920,
 * quality 80). Variants are never wider than the original.
 */
export async function storeImage(
  data: Buffer,
  extension: string,
  // A caller that notes the names before storing (an interrupted upload is swept) chooses it.
  name = randomObjectName(extension),
): Promise<StoredImage> {
  return inImageQueue(async () => {
    const storage = getStorage()
    const sharp = await loadSharp()
    // The header alone: refused before any pixel is decoded.
    const meta = await sharp(data).metadata()
    const [width, height] = [meta.width ?? 0, meta.height ?? 0]
    if (width * height > MAX_IMAGE_PIXELS) throw new ImageTooLargeError(width, height)
    await storage.put('media', name, data, contentTypeFor(extension))
    for (const width of IMAGE_WIDTHS) {
      const variant = await sharp(data, LIMITED_INPUT)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
        .toBuffer()
      await storage.put('media', variantName(name, width), variant, 'image/webp')
    }
    return stored(name, meta)
  })
}

function stored(name: string, meta: Metadata): StoredImage {
  const storage = getStorage()
  return {
    name,
    url: storage.publicUrl('media', name),
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
  }
}

/**
 * Makes an image's social crop (socialCropName) around its focal point, from its largest
 * variant: already turned upright, and wider than the crop's 1200 pixels when the picture is.
 * A centred focal point needs none: the networks cut the centre themselves.
 */
export async function storeSocialCrop(name: string, focal: FocalPoint): Promise<void> {
  if (isCentre(focal)) return
  await inImageQueue(async () => {
    const storage = getStorage()
    const sharp = await loadSharp()
    const widest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]
    const variant = await storage.get('media', variantName(name, widest))
    // An image stored without variants (an import of files alone): made upright here.
    const original = variant ? null : await storage.get('media', name)
    if (!variant && !original) throw new Error(`${name} is not stored`)
    const source = variant
      ? await readAll(variant)
      : await sharp(await readAll(original!), LIMITED_INPUT)
          .rotate()
          .resize({ width: widest, withoutEnlargement: true })
          .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
          .toBuffer()
    const meta = await sharp(source, LIMITED_INPUT).metadata()
    const crop = coverCrop(focal, meta.width ?? 0, meta.height ?? 0, FRAME.social)
    const made = await sharp(source, LIMITED_INPUT)
      .extract(crop)
      .resize({ ...SOCIAL_CROP, fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 80 })
      .timeout({ seconds: IMAGE_TIMEOUT_SECONDS })
      .toBuffer()
    await storage.put('media', socialCropName(name, focal), made, 'image/webp')
  })
}

/** Removes an image, its variants and, given its focal point, its social crop. */
export async function removeImage(name: string, focal?: FocalPoint) {
  const storage = getStorage()
  await storage.remove('media', name)
  for (const width of IMAGE_WIDTHS) await storage.remove('media', variantName(name, width))
  if (focal && !isCentre(focal)) await removeSocialCrop(name, focal)
}

export async function removeSocialCrop(name: string, focal: FocalPoint) {
  await getStorage().remove('media', socialCropName(name, focal))
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  gz: 'application/gzip',
  json: 'application/json',
}

export function contentTypeFor(nameOrExtension: string) {
  const ext = nameOrExtension.split('.').pop()?.toLowerCase() ?? ''
  return CONTENT_TYPES[ext] ?? 'application/octet-stream'
}
