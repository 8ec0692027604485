import { eq } from 'drizzle-orm'
import { categories, tags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { slugify } from '~/lib/slugify'
import { mapped, remember } from './import-map.server'
import { categoryDescription, safeDecode } from './import-mapping'
import type { SourceTerm } from './import-source'

/**
 * A category or tag of the same address here is the same one; otherwise it is made. Returns
 * the source's slugs → our ids, for categories and tags apart.
 */
export async function writeTerms(siteKey: string, terms: SourceTerm[]) {
  const categoryIds = new Map<string, number>()
  const tagIds = new Map<string, number>()
  const names = new Map(terms.filter((t) => t.kind === 'category').map((t) => [t.slug, t.name]))
  for (const term of terms) {
    const table = term.kind === 'category' ? categories : tags
    const id = await getDb().transaction(async (tx) => {
      const known = await mapped(tx, siteKey, term.kind, term.sourceId)
      if (known) {
        const [row] = await tx
          .select({ id: table.id })
          .from(table)
          .where(eq(table.id, Number(known)))
        if (row) return row.id
      }
      const slug =
        slugify(safeDecode(term.slug)) || slugify(term.name) || `${term.kind}-${term.sourceId}`
      const [existing] = await tx.select({ id: table.id }).from(table).where(eq(table.slug, slug))
      let targetId = existing?.id
      if (targetId === undefined) {
        const name = term.name || slug
        if (term.kind === 'category') {
          const parentName = term.parentSlug ? (names.get(term.parentSlug) ?? null) : null
          const [row] = await tx
            .insert(categories)
            // Out of the navigation and the home page until an editor chooses: an archive
            // brings dozens of categories, and the menu is the newsroom's to arrange.
            .values({
              name,
              slug,
              description: categoryDescription(term, parentName),
              showInNavigation: false,
              showOnHome: false,
            })
            .returning({ id: categories.id })
          targetId = row.id
        } else {
          const [row] = await tx.insert(tags).values({ name, slug }).returning({ id: tags.id })
          targetId = row.id
        }
      }
      await remember(tx, siteKey, term.kind, term.sourceId, String(targetId))
      return targetId
    })
    ;(term.kind === 'category' ? categoryIds : tagIds).set(term.slug, id)
  }
  return { categoryIds, tagIds }
}
