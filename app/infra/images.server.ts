import crypto from 'node:crypto'
import type Sharp from 'sharp'
import { IMAGE_WIDTHS, variantName } from '~/lib/image-variants'
import { getStorage } from './storage.server'

let sharpLoading: Promise<typeof Sharp> | undefined

/**
 * sharp (libvips) loads with the first image handled, not at start: ~25 MiB of resident memory
 * that serving readers never needs (docs/performance.md, memory).
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (sharpLoading ??= import('sharp').then((module) => module.default))
}

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
  const storage = getStorage()
  const sharp = await loadSharp()
  const image = sharp(data, { failOn: 'error' }).rotate()
  const meta = await image.metadata()
  await storage.put('media', name, data, contentTypeFor(extension))
  for (const width of IMAGE_WIDTHS) {
    const variant = await sharp(data)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer()
    await storage.put('media', variantName(name, width), variant, 'image/webp')
  }
  return {
    name,
    url: storage.publicUrl('media', name),
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
  }
}

export async function removeImage(name: string) {
  const storage = getStorage()
  await storage.remove('media', name)
  for (const width of IMAGE_WIDTHS) await storage.remove('media', variantName(name, width))
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
