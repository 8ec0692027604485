import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm'
import { redirects } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { getDb, type Database, type Transaction } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { normaliseRedirectPath, normaliseRedirectTarget } from '~/lib/redirect-path'

export class RedirectError extends domainErrors('RedirectError', {
  INVALID_FROM: 400,
  INVALID_TO: 400,
  INVALID_STATUS: 400,
  SAME_PATH: 400,
  LOOP: 400,
  DUPLICATE: 409,
  NOT_FOUND: 404,
}) {}

export type RedirectStatus = 301 | 302 | 410
export type RedirectSource = 'manual' | 'slug' | 'import'
export const REDIRECT_STATUSES: readonly RedirectStatus[] = [301, 302, 410]

export interface RedirectValues {
  fromPath: string
  /** Null (or empty) for 410 Gone. */
  toPath: string | null
  statusCode: number
  source?: RedirectSource
}

/** How far addRedirect follows a target's own redirects looking for a way back. */
const MAX_HOPS = 20

/**
 * A public address moved (a slug change, an edition's new date): the old one answers 301 to the
 * new one. Chains collapse (A→B then B→C leaves A→C and B→C), a move back to an old address
 * deletes the redirect from it (no loop), and an address that was never public gets no redirect
 * of its own (`wasPublic: false`) though redirects that led to it follow the move.
 *
 * A step of the caller's transaction (docs/style.md, Data): the slug change, the category's or
 * the edition's save record the move in the transaction that moves the address, so both commit
 * or neither.
 */
export async function recordMovedPath(
  tx: Transaction,
  fromPath: string,
  toPath: string,
  { wasPublic = true }: { wasPublic?: boolean } = {},
) {
  const from = normaliseRedirectPath(fromPath)
  const to = normaliseRedirectPath(toPath)
  if (!from || !to || from === to) return
  // The new address is live: a redirect from it would never be reached, and would loop.
  await tx.delete(redirects).where(eq(redirects.fromPath, to))
  await tx
    .update(redirects)
    .set({ toPath: to })
    .where(and(eq(redirects.toPath, from), ne(redirects.statusCode, 410)))
  if (!wasPublic) return
  await tx
    .insert(redirects)
    .values({ fromPath: from, toPath: to, statusCode: 301, source: 'slug' })
    .onConflictDoUpdate({
      target: redirects.fromPath,
      set: { toPath: to, statusCode: 301, source: 'slug' },
    })
}

/** Validates and normalises a redirect typed by hand, read from a CSV or brought by an import. */
export function parseRedirect(values: RedirectValues) {
  const from = normaliseRedirectPath(values.fromPath)
  if (
    !from ||
    (!values.fromPath.trim().startsWith('/') && !/^https?:\/\//i.test(values.fromPath.trim()))
  )
    throw new RedirectError('INVALID_FROM', 'The old address must be a path starting with /', {
      field: 'fromPath',
    })
  if (from === '/')
    throw new RedirectError('INVALID_FROM', 'The home page cannot be redirected', {
      field: 'fromPath',
    })
  const statusCode = Number(values.statusCode)
  if (!REDIRECT_STATUSES.includes(statusCode as RedirectStatus))
    throw new RedirectError('INVALID_STATUS', 'Choose 301, 302 or 410', { field: 'statusCode' })
  if (statusCode === 410) return { fromPath: from, toPath: null, statusCode: 410 as const }
  const to = values.toPath ? ownPathOf(normaliseRedirectTarget(values.toPath)) : null
  if (!to)
    throw new RedirectError(
      'INVALID_TO',
      'The new address must be a path starting with / or an http(s) URL',
      { field: 'toPath' },
    )
  if (to === from)
    throw new RedirectError('SAME_PATH', 'The old and new addresses are the same', {
      field: 'toPath',
    })
  return { fromPath: from, toPath: to, statusCode: statusCode as 301 | 302 }
}

/**
 * Stores one redirect. By hand a second redirect from the same address is refused; a CSV with
 * `replace` overwrites it. An import overwrites only what an earlier import made (the item's
 * address follows it), never a redirect an editor made or a slug change left: those refuse it
 * as a duplicate. A target whose own redirects lead back is a loop.
 *
 * Takes its database because an import calls it as a step of its transaction
 * (`recordImportRedirect`: an imported item's old link is kept with the item, or rolled back
 * with it; docs/style.md, Data); the Redirects screen and the CSV import pass `getDb()`.
 */
export async function addRedirect(
  db: Database | Transaction,
  values: RedirectValues,
  { replace = values.source === 'import' }: { replace?: boolean } = {},
) {
  const parsed = parseRedirect(values)
  const source = values.source ?? 'manual'
  if (parsed.toPath?.startsWith('/')) await refuseLoop(db, parsed.fromPath, parsed.toPath)
  const row = { ...parsed, source }
  const insert = db.insert(redirects).values(row)
  const [saved] = replace
    ? await insert
        .onConflictDoUpdate({
          target: redirects.fromPath,
          set: { toPath: row.toPath, statusCode: row.statusCode, source },
          ...(source === 'import' ? { setWhere: sql`${redirects.source} = 'import'` } : {}),
        })
        .returning()
    : await insert.onConflictDoNothing().returning()
  if (!saved)
    throw new RedirectError('DUPLICATE', 'A redirect from this address already exists', {
      field: 'fromPath',
    })
  return saved
}

/**
 * A target on the site's own origin (SITE_URL's host, over http or https) as the path it is,
 * so that `https://our.site/a` is one of our addresses to the loop and same-path checks, and
 * stored as the path; other targets as they are.
 */
function ownPathOf(target: string | null): string | null {
  if (!target || target.startsWith('/') || !URL.canParse(target)) return target
  const url = new URL(target)
  if (url.host !== new URL(getEnv().siteUrl).host) return target
  return normaliseRedirectPath(url.pathname)
}

async function refuseLoop(db: Database | Transaction, from: string, to: string) {
  let at = to
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const [next] = await db
      .select({ toPath: redirects.toPath })
      .from(redirects)
      .where(eq(redirects.fromPath, at))
      .limit(1)
    // Rows stored before targets on our own origin were kept as paths are followed too.
    const nextPath = ownPathOf(next?.toPath ?? null)
    if (!nextPath?.startsWith('/')) return
    if (nextPath === from)
      throw new RedirectError('LOOP', 'This redirect would lead back to where it starts', {
        field: 'toPath',
      })
    at = nextPath
  }
}

export interface FoundRedirect {
  id: number
  toPath: string | null
  statusCode: number
}

/** The redirect for a request path, if any: one lookup on the unique index of from_path. */
export async function findRedirect(path: string): Promise<FoundRedirect | null> {
  const from = normaliseRedirectPath(path)
  if (!from) return null
  const [row] = await getDb()
    .select({ id: redirects.id, toPath: redirects.toPath, statusCode: redirects.statusCode })
    .from(redirects)
    .where(eq(redirects.fromPath, from))
    .limit(1)
  return row ?? null
}

// Hits are counted off the reader's path: kept in memory and written every two seconds by the
// 'redirect-hits-flush' job (server/jobs.ts), so a busy old link costs one UPDATE per flush
// instead of one per request.
const pendingHits = new Map<number, { hits: number; at: Date }>()

export function countRedirectHit(id: number, at = new Date()) {
  const pending = pendingHits.get(id)
  pendingHits.set(id, { hits: (pending?.hits ?? 0) + 1, at })
}

/** Writes the hits counted so far (the job, tests, and once more at shutdown). */
export async function flushRedirectHits() {
  if (pendingHits.size === 0) return
  const batch = [...pendingHits]
  pendingHits.clear()
  const db = getDb()
  for (const [id, { hits, at }] of batch) {
    await db
      .update(redirects)
      .set({ hits: sql`${redirects.hits} + ${hits}`, lastHitAt: at })
      .where(eq(redirects.id, id))
  }
}

export async function listRedirects({ limit = 500 }: { limit?: number } = {}) {
  return getDb()
    .select()
    .from(redirects)
    .orderBy(desc(redirects.createdAt), desc(redirects.id))
    .limit(limit)
}

export async function countRedirects() {
  const [{ count }] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(redirects)
  return count
}

export async function deleteRedirect(id: number) {
  const deleted = await getDb().delete(redirects).where(eq(redirects.id, id)).returning()
  if (deleted.length === 0) throw new RedirectError('NOT_FOUND', 'This redirect no longer exists')
  return deleted[0]
}

export async function deleteRedirects(ids: number[]) {
  if (ids.length === 0) return 0
  return (await getDb().delete(redirects).where(inArray(redirects.id, ids)).returning()).length
}
