import fs from 'node:fs'
import path from 'node:path'

/**
 * The PostgreSQL URL an admin saved from Settings (docs/product.md "Where we differ" 8): kept
 * on the server in DATA_DIR/database-url.json (mode 600), never in a browser. `active` says
 * the site was switched to it; the server's start-up then opens it when DATABASE_URL is unset.
 */
export interface StoredDatabaseUrl {
  url: string
  active: boolean
}

const FILE = 'database-url.json'

export function readStoredDatabaseUrl(dataDir: string): StoredDatabaseUrl | null {
  try {
    const parsed = JSON.parse(
      fs.readFileSync(path.join(dataDir, FILE), 'utf8'),
    ) as StoredDatabaseUrl
    if (typeof parsed.url !== 'string' || !parsed.url) return null
    return { url: parsed.url, active: parsed.active === true }
  } catch {
    return null
  }
}

export function writeStoredDatabaseUrl(dataDir: string, value: StoredDatabaseUrl) {
  fs.mkdirSync(dataDir, { recursive: true })
  const target = path.join(dataDir, FILE)
  const temp = `${target}.${process.pid}.tmp`
  fs.writeFileSync(temp, JSON.stringify(value), { mode: 0o600 })
  fs.renameSync(temp, target)
  fs.chmodSync(target, 0o600)
}

/** The active stored URL, for start-up. */
export function activeStoredDatabaseUrl(dataDir: string) {
  const stored = readStoredDatabaseUrl(dataDir)
  return stored?.active ? stored.url : undefined
}

/** A URL fit to show: no password, the host shortened. */
export function maskDatabaseUrl(raw: string) {
  try {
    const url = new URL(raw)
    const host =
      url.hostname.length > 6 ? `${url.hostname.slice(0, 3)}…${url.hostname.slice(-3)}` : '…'
    const user = url.username ? `${decodeURIComponent(url.username)}:****@` : ''
    return `${url.protocol}//${user}${host}${url.port ? `:${url.port}` : ''}${url.pathname}`
  } catch {
    return 'postgres://…'
  }
}
