import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getEnv, resetEnvCache } from './env.server'

/**
 * BETTER_AUTH_SECRET when set; otherwise a random secret kept in DATA_DIR, so a single
 * instance works with no configuration and its sessions survive restarts.
 */
export function ensureAuthSecret() {
  if (process.env.BETTER_AUTH_SECRET) return
  const file = path.join(getEnv().dataDir, 'auth-secret')
  let secret = ''
  try {
    secret = fs.readFileSync(file, 'utf8').trim()
  } catch {}
  if (secret.length < 32) {
    secret = crypto.randomBytes(32).toString('base64url')
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, secret, { mode: 0o600 })
  }
  process.env.BETTER_AUTH_SECRET = secret
  resetEnvCache()
}
