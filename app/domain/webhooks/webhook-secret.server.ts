import crypto from 'node:crypto'
import { getEnv } from '~/infra/env.server'

/**
 * Endpoint signing secrets (Standard Webhooks: `whsec_` and base64 of random bytes). The site
 * must read a secret back to sign with it, so it cannot keep only a hash: the table holds it
 * encrypted with AES-256-GCM under a key derived (HKDF-SHA-256) from the site's secret
 * (BETTER_AUTH_SECRET), so a copy of the database or a backup alone does not give it away.
 * A changed site secret leaves the stored secrets unreadable: those endpoints need a new one
 * (decision 0060).
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_'
const SECRET_BYTES = 24
const FORMAT = 'v1'

function key(): Buffer {
  const siteSecret = getEnv().BETTER_AUTH_SECRET
  if (!siteSecret) throw new Error('BETTER_AUTH_SECRET is not set (ensureAuthSecret runs at start)')
  return Buffer.from(
    crypto.hkdfSync('sha256', siteSecret, 'broadsheet', 'webhook-endpoint-secrets', 32),
  )
}

export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + crypto.randomBytes(SECRET_BYTES).toString('base64')
}

export function encryptWebhookSecret(secret: string): string {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))
  return [FORMAT, ...parts].join('.')
}

/** The secret back, or throws when it was sealed under another site secret (or changed). */
export function decryptWebhookSecret(stored: string): string {
  const [format, iv, tag, sealed] = stored.split('.')
  if (format !== FORMAT || !iv || !tag || !sealed) {
    throw new Error('not a webhook secret this site sealed')
  }
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(sealed, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}
