import dns from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { isPublicAddress } from '~/domain/import/fetch-image.server'

/**
 * Where webhooks may go: http(s) addresses only, without a password in them, and (unless
 * WEBHOOK_ALLOW_PRIVATE) to public addresses only — checked when the admin enters the address
 * and again at each send, on the addresses the name resolves to at the moment of connecting
 * (a name that pointed outside when entered and inside later is refused then).
 */

/** Why `url` cannot be an endpoint's address, or null when it can (before any lookup). */
export function webhookUrlProblem(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'Enter a full address, starting with https:// or http://'
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    return 'Webhooks go to http:// or https:// addresses only'
  if (parsed.username || parsed.password)
    return 'Leave the user name and password out of the address'
  return null
}

/** Why the host of `url` cannot be sent to (a private address), or null once it resolves to public ones. */
export async function webhookHostProblem(
  url: string,
  allowPrivate: boolean,
): Promise<string | null> {
  if (allowPrivate) return null
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = net.isIP(host)
      ? [host]
      : (await dns.promises.lookup(host, { all: true })).map((a) => a.address)
  } catch {
    return `${host} could not be found`
  }
  const refused = addresses.find((address) => !isPublicAddress(address))
  return refused
    ? `${host} is a private or local address (${refused}); webhooks go to public addresses`
    : null
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void

/** Node's connection lookup, refusing a name any of whose addresses is private. */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, [])
    const refused = addresses.find((a) => !isPublicAddress(a.address))
    if (refused) {
      const denied = new Error(`${hostname} resolves to a private address (${refused.address})`)
      return callback(denied as NodeJS.ErrnoException, [])
    }
    if (options.all) return callback(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

export interface PostOutcome {
  status: number
}

/**
 * POSTs `body` to `url` with `headers`, within `timeoutMs` (connection and answer), following
 * no redirect (a 3xx is an answer like any other). Throws on a refused address, a network
 * error or the time limit; reads at most a few KiB of the answer, which nobody needs.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostOutcome> {
  const target = new URL(url)
  const literal = target.hostname.replace(/^\[|\]$/g, '')
  // Node connects to an address literal without a lookup: it is checked here instead.
  if (!options.allowPrivate && net.isIP(literal) && !isPublicAddress(literal))
    return Promise.reject(new Error(`${literal} is a private address`))
  const client = target.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Broadsheet-Webhooks',
          ...headers,
        },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(options.allowPrivate
          ? {}
          : { lookup: publicOnlyLookup as unknown as typeof dns.lookup }),
      },
      (response) => {
        let read = 0
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read > 16_384) response.destroy()
        })
        response.on('close', () => resolve({ status: response.statusCode ?? 0 }))
        response.on('error', () => resolve({ status: response.statusCode ?? 0 }))
      },
    )
    request.on('error', (error) =>
      reject(
        error.name === 'TimeoutError' || error.name === 'AbortError'
          ? new Error(`no answer within ${options.timeoutMs / 1000} s`)
          : error,
      ),
    )
    request.end(body)
  })
}
