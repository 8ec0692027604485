import { and, eq } from 'drizzle-orm'
import { importMap } from '@db/schema/index'
import type { Transaction } from '~/infra/db.server'

// The import's memory (`import_map`: site, type, source id → ours). Every write of a run goes
// through it, so running the import again, after a kill or with a newer export, updates
// instead of duplicating. Both are steps of the caller's transaction (docs/style.md, "Data").

export type MappedType = typeof importMap.$inferSelect.sourceType

/** What an earlier run made of this source id, if anything: our id, or a stored address. */
export async function mapped(tx: Transaction, siteKey: string, type: MappedType, sourceId: string) {
  const [row] = await tx
    .select({ targetId: importMap.targetId })
    .from(importMap)
    .where(
      and(
        eq(importMap.siteKey, siteKey),
        eq(importMap.sourceType, type),
        eq(importMap.sourceId, sourceId),
      ),
    )
    .limit(1)
  return row?.targetId ?? null
}

export async function remember(
  tx: Transaction,
  siteKey: string,
  type: MappedType,
  sourceId: string,
  targetId: string,
) {
  await tx
    .insert(importMap)
    .values({ siteKey, sourceType: type, sourceId, targetId })
    .onConflictDoUpdate({
      target: [importMap.siteKey, importMap.sourceType, importMap.sourceId],
      set: { targetId, updatedAt: new Date() },
    })
}
