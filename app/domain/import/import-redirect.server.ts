import { sql } from 'drizzle-orm'
import { redirects } from '@db/schema/index'
import type { Transaction } from '~/infra/db.server'
import { normaliseRedirectPath } from '~/lib/redirect-path'

/**
 * An imported item's old address answers 301 with its new one. A redirect an editor made by
 * hand for the same address is left as it is; one an earlier import made follows the item.
 */
export async function recordImportRedirect(tx: Transaction, oldLink: string, toPath: string) {
  const fromPath = normaliseRedirectPath(oldLink)
  if (!fromPath || fromPath === '/' || fromPath === toPath) return
  await tx
    .insert(redirects)
    .values({ fromPath, toPath, statusCode: 301, source: 'import' })
    .onConflictDoUpdate({
      target: redirects.fromPath,
      set: { toPath, statusCode: 301 },
      setWhere: sql`${redirects.source} = 'import'`,
    })
}
