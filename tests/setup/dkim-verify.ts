import crypto, { type KeyObject } from 'node:crypto'

/*
 * A DKIM-Signature checked the way a receiving server checks it (RFC 6376 §3.4, §3.7, §6.1),
 * written here because no verifier is installed: the body hash over the canonical body, then
 * the RSA-SHA256 signature over the canonical signed header fields and the signature's own
 * field with its b= emptied. The key is given, as a DNS TXT record would give it.
 */

export interface DkimResult {
  ok: boolean
  /** Why it failed: no signature, the body hash, or the signature itself. */
  reason?: 'no signature' | 'body hash' | 'signature' | 'algorithm'
  tags: Record<string, string>
  /** The signed header fields (h=), lower case. */
  signedHeaders: string[]
}

interface Field {
  name: string
  /** The field as received, folding kept, without its final CRLF. */
  raw: string
}

function splitMessage(raw: string) {
  // SMTP carries CRLF; a message kept with bare LF is put back the way it travelled.
  const crlf = raw.includes('\r\n') ? raw : raw.replace(/\n/g, '\r\n')
  const end = crlf.indexOf('\r\n\r\n')
  const head = end === -1 ? crlf : crlf.slice(0, end)
  const body = end === -1 ? '' : crlf.slice(end + 4)
  const fields: Field[] = []
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line) && fields.length > 0) fields[fields.length - 1].raw += `\r\n${line}`
    else fields.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), raw: line })
  }
  return { fields, body }
}

function canonicalBody(body: string, mode: string) {
  let lines = body.split('\r\n')
  if (mode === 'relaxed')
    lines = lines.map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  // §3.4.3: an empty body is one CRLF in simple mode and nothing at all in relaxed mode.
  if (lines.length === 0) return mode === 'relaxed' ? '' : '\r\n'
  return `${lines.join('\r\n')}\r\n`
}

function canonicalHeader(field: string, mode: string) {
  if (mode !== 'relaxed') return field
  const colon = field.indexOf(':')
  const name = field.slice(0, colon).trim().toLowerCase()
  const value = field
    .slice(colon + 1)
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()
  return `${name}:${value}`
}

function parseTags(value: string) {
  const tags: Record<string, string> = {}
  for (const part of value.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    tags[part.slice(0, eq).trim()] = part.slice(eq + 1).replace(/\s+/g, '')
  }
  return tags
}

export function verifyDkim(raw: string, publicKey: KeyObject): DkimResult {
  const { fields, body } = splitMessage(raw)
  const signature = fields.find((f) => f.name === 'dkim-signature')
  if (!signature) return { ok: false, reason: 'no signature', tags: {}, signedHeaders: [] }
  const tags = parseTags(signature.raw.slice(signature.raw.indexOf(':') + 1))
  const signedHeaders = (tags.h ?? '').split(':').map((h) => h.trim().toLowerCase())
  const result = { tags, signedHeaders }
  if (tags.a !== 'rsa-sha256') return { ok: false, reason: 'algorithm', ...result }
  const [headerMode, bodyMode = 'simple'] = (tags.c ?? 'simple/simple').split('/')

  let canonical = canonicalBody(body, bodyMode)
  if (tags.l !== undefined) canonical = canonical.slice(0, Number(tags.l))
  const bodyHash = crypto.createHash('sha256').update(canonical).digest('base64')
  if (bodyHash !== tags.bh) return { ok: false, reason: 'body hash', ...result }

  // §5.4.2: each name in h= takes the last unused instance of that field, bottom up.
  const used = new Set<Field>()
  let signed = ''
  for (const name of signedHeaders) {
    const field = fields.findLast((f) => f.name === name && !used.has(f) && f !== signature)
    if (!field) continue
    used.add(field)
    signed += `${canonicalHeader(field.raw, headerMode)}\r\n`
  }
  // The signature's own field, its b= value emptied, with no CRLF after it.
  signed += canonicalHeader(signature.raw.replace(/(;\s*b\s*=)[^;]*/, '$1'), headerMode)
  const ok = crypto.verify(
    'sha256',
    Buffer.from(signed),
    publicKey,
    Buffer.from(tags.b ?? '', 'base64'),
  )
  return ok ? { ok, ...result } : { ok, reason: 'signature', ...result }
}
