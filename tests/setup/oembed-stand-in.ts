import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'

/**
 * A stand-in for the providers' oEmbed endpoints (issue 40), on 127.0.0.1: the site is pointed
 * at it with EMBED_OEMBED_ORIGIN, which keeps each endpoint's path. It answers any path with
 * the oEmbed JSON a provider would give for `?url=` (title "About {url}", an author and a
 * picture it also serves), records each request, and misbehaves on cue: an address holding
 * "not-found" gets a 404, "garbled" an answer that is not JSON, "no-picture" no thumbnail.
 */
export interface OEmbedStandIn {
  origin: string
  /** Paths and queries asked, in order. */
  requests: string[]
  close(): Promise<void>
}

/** A small valid PNG (one colour), made without sharp so the stand-in runs anywhere. */
export function tinyPng(width = 48, height = 27): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type), data])
    const sum = Buffer.alloc(4)
    sum.writeUInt32BE(crc(body))
    return Buffer.concat([length, body, sum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x5a)])
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export async function startOEmbedStandIn(port = 0): Promise<OEmbedStandIn> {
  const requests: string[] = []
  const picture = tinyPng()
  let origin = ''
  const server = http.createServer((request, response) => {
    const asked = new URL(request.url ?? '/', origin)
    requests.push(asked.pathname + asked.search)
    if (asked.pathname === '/healthz') return response.end('ok')
    if (asked.pathname === '/thumbnail.png') {
      response.writeHead(200, { 'Content-Type': 'image/png' })
      return response.end(picture)
    }
    const url = asked.searchParams.get('url') ?? ''
    if (!url || url.includes('not-found')) {
      response.writeHead(404)
      return response.end('no such page')
    }
    if (url.includes('garbled')) {
      response.writeHead(200, { 'Content-Type': 'application/json' })
      return response.end('<html>not json</html>')
    }
    const answer: Record<string, string> = {
      version: '1.0',
      type: 'rich',
      title: `About ${url}`,
      author_name: 'Stand-in Author',
      html: '<blockquote data-bluesky-uri="at://did:plc:abcdefghijklmnopqrstuvwx/app.bsky.feed.post/3kabcdefghijk"></blockquote>',
    }
    if (!url.includes('no-picture')) answer.thumbnail_url = `${origin}/thumbnail.png`
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end(JSON.stringify(answer))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
