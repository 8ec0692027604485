import { createWriteStream } from 'node:fs'
import fsp from 'node:fs/promises'
import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import path from 'node:path'
import { domainErrors } from '~/domain/domain-error'
import { sniffImage } from '~/domain/media/file-types.server'

// One remote image fetched for an import ("Fetch images from the old site"), or an embed's
// oEmbed answer and picture (domain/embeds): only http(s),
// only public addresses (every address the host resolves to is checked, at connection time, so
// a name that changes its answer between a check and the connection gains nothing; again on
// each redirect, at most 3), a time limit and a size limit, and the content recognised by its
// bytes. IMPORT_FETCH_ALLOW_PRIVATE lifts the address rule (tests, an intranet site).

/**
 * Why an image could not be fetched. A run notes the message on its report and keeps the old
 * address, so none reaches a route; the statuses say what each would mean as an answer.
 */
export class ImageFetchError extends domainErrors('ImageFetchError', {
  BAD_ADDRESS: 400,
  PRIVATE_ADDRESS: 403,
  HTTP_STATUS: 502,
  TOO_MANY_REDIRECTS: 502,
  TOO_LARGE: 413,
  TIMEOUT: 504,
  NOT_AN_IMAGE: 415,
  NETWORK: 502,
}) {}

export interface FetchLimits {
  maxBytes: number
  timeoutMs: number
  maxRedirects: number
  allowPrivate: boolean
}

export interface FetchedImage {
  /** A temporary file; the caller removes it. */
  path: string
  fileName: string
  size: number
  head: Buffer
}

const blocked = new net.BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // An IPv4-mapped address (::ffff:10.0.0.1) is checked against the IPv4 rules by BlockList;
  // a NAT64-translated one could carry any IPv4 address, so none is taken.
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6')

/** A public unicast address: not private, loopback, link-local, multicast or reserved. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return false
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void

/** Node's connection lookup, refusing a host any of whose addresses is not public. */
function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, [])
      const refused = addresses.find((a) => !isPublicAddress(a.address))
      if (refused && !allowPrivate) {
        const denied = new ImageFetchError(
          'PRIVATE_ADDRESS',
          `${hostname} resolves to a private address (${refused.address})`,
        )
        return callback(denied as unknown as NodeJS.ErrnoException, [])
      }
      if (options.all) return callback(null, addresses)
      const first = addresses[0]
      callback(null, first.address, first.family)
    })
  }
}

function parse(url: string): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ImageFetchError('BAD_ADDRESS', 'not an address')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ImageFetchError('BAD_ADDRESS', `${parsed.protocol} is not http(s)`)
  if (parsed.username || parsed.password)
    throw new ImageFetchError('BAD_ADDRESS', 'an address with a password')
  return parsed
}

function fileNameOf(url: URL) {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? ''
  try {
    return decodeURIComponent(last) || 'image'
  } catch {
    return last || 'image'
  }
}

const HEAD_BYTES = 64

type Answer = { size: number; head: Buffer; bytes: Buffer | null }

/** One request: a redirect's next address, or the body written to `target` (null: kept). */
function requestOnce(
  url: URL,
  target: string | null,
  limits: FetchLimits,
  signal: AbortSignal,
  accept: string,
): Promise<{ redirect: string } | Answer> {
  const literal = url.hostname.replace(/^\[|\]$/g, '')
  // Node connects to an address literal without a lookup: it is checked here instead.
  if (net.isIP(literal) && !limits.allowPrivate && !isPublicAddress(literal))
    return Promise.reject(
      new ImageFetchError('PRIVATE_ADDRESS', `${literal} is not a public address`),
    )
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        lookup: checkedLookup(limits.allowPrivate) as unknown as typeof dns.lookup,
        headers: { Accept: accept, 'Accept-Encoding': 'identity', 'User-Agent': 'Broadsheet' },
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0
        if ([301, 302, 303, 307, 308].includes(status) && response.headers.location) {
          response.resume()
          return resolve({ redirect: new URL(response.headers.location, url).href })
        }
        if (status !== 200) {
          response.resume()
          return reject(new ImageFetchError('HTTP_STATUS', `HTTP ${status}`))
        }
        if (Number(response.headers['content-length'] ?? 0) > limits.maxBytes) {
          response.destroy()
          return reject(new ImageFetchError('TOO_LARGE', 'larger than the upload limit'))
        }
        const kept: Buffer[] | null = target === null ? [] : null
        const out = target === null ? null : createWriteStream(target)
        let size = 0
        const heads: Buffer[] = []
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size - chunk.length < HEAD_BYTES) heads.push(chunk)
          kept?.push(chunk)
          if (size > limits.maxBytes) {
            response.destroy(new ImageFetchError('TOO_LARGE', 'larger than the upload limit'))
          }
        })
        response.on('error', (error) => {
          out?.destroy()
          reject(error)
        })
        const done = () => {
          if (response.destroyed && size > limits.maxBytes) return
          const head = Buffer.concat(heads).subarray(0, HEAD_BYTES)
          resolve({ size, head, bytes: kept ? Buffer.concat(kept) : null })
        }
        if (out) {
          response.pipe(out)
          out.on('error', reject)
          out.on('finish', done)
        } else response.on('end', done)
      },
    )
    request.on('error', reject)
  })
}

/**
 * Follows `address` (and its redirects, each address checked again) to a 200 answer, written to
 * `target` or kept in memory when `target` is null; throws ImageFetchError saying why not.
 */
async function fetchAnswer(
  address: string,
  target: string | null,
  limits: FetchLimits,
  accept: string,
): Promise<Answer & { url: URL }> {
  let url = parse(address)
  const signal = AbortSignal.timeout(limits.timeoutMs)
  for (let redirects = 0; ; redirects++) {
    let answer
    try {
      answer = await requestOnce(url, target, limits, signal, accept)
    } catch (error) {
      if (error instanceof ImageFetchError) throw error
      if (signal.aborted) throw new ImageFetchError('TIMEOUT', 'no answer in time')
      const cause = (error as { cause?: unknown }).cause
      if (cause instanceof ImageFetchError) throw cause
      throw new ImageFetchError('NETWORK', (error as Error).message || 'network error')
    }
    if ('redirect' in answer) {
      if (redirects >= limits.maxRedirects)
        throw new ImageFetchError('TOO_MANY_REDIRECTS', 'more than 3 redirects')
      url = parse(answer.redirect)
      continue
    }
    return { ...answer, url }
  }
}

/** Fetches `address` into a new file under `dir`, or throws ImageFetchError saying why not. */
export async function fetchImage(
  address: string,
  dir: string,
  limits: FetchLimits,
): Promise<FetchedImage> {
  const target = path.join(dir, `${crypto.randomUUID()}.part`)
  try {
    const answer = await fetchAnswer(address, target, limits, 'image/*')
    if (!sniffImage(answer.head))
      throw new ImageFetchError('NOT_AN_IMAGE', 'not a JPEG, PNG, WebP, GIF or AVIF image')
    return { path: target, fileName: fileNameOf(answer.url), size: answer.size, head: answer.head }
  } catch (error) {
    await fsp.rm(target, { force: true })
    throw error
  }
}

/**
 * A small answer (an oEmbed document) read into memory under the same rules: http(s), public
 * addresses unless `allowPrivate`, the time and size limits, at most `maxRedirects`.
 */
export async function fetchSmall(
  address: string,
  limits: FetchLimits,
  accept: string,
): Promise<Buffer> {
  const answer = await fetchAnswer(address, null, limits, accept)
  return answer.bytes ?? Buffer.alloc(0)
}

/** At most `perHost` fetches at a time to any one host (an old site is not to be hammered). */
export function hostLimiter(perHost: number) {
  const active = new Map<string, number>()
  const waiting = new Map<string, (() => void)[]>()
  return async function run<T>(host: string, task: () => Promise<T>): Promise<T> {
    if ((active.get(host) ?? 0) >= perHost) {
      // The slot of a finished fetch is handed over, never released and raced for.
      await new Promise<void>((resolve) => {
        const queue = waiting.get(host) ?? []
        queue.push(resolve)
        waiting.set(host, queue)
      })
    } else {
      active.set(host, (active.get(host) ?? 0) + 1)
    }
    try {
      return await task()
    } finally {
      const next = waiting.get(host)?.shift()
      if (next) next()
      else active.set(host, (active.get(host) ?? 1) - 1)
    }
  }
}
