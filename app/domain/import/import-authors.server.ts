import { eq } from 'drizzle-orm'
import { profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { slugify, uniqueSlug } from '~/lib/slugify'
import { usernameKey } from '~/lib/username'
import { mapped, remember } from './import-map.server'
import type { SourceAuthor } from './import-source'

function siteTag(siteKey: string) {
  return slugify(siteKey.replace(/^https?:\/\//, '')).slice(0, 40) || 'site'
}

/**
 * Authors become staff profiles with no password (role author): an admin invites them later.
 * One of the same address here is the same person. Returns source id → profile id.
 */
export async function writeAuthors(siteKey: string, authors: SourceAuthor[]) {
  const ids = new Map<string, string>()
  for (const author of authors) {
    const id = await getDb().transaction(async (tx) => {
      const known = await mapped(tx, siteKey, 'author', author.sourceId)
      if (known) {
        const [row] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(eq(profiles.id, known))
        if (row) return row.id
      }
      const email = (
        author.email || `${slugify(author.login) || 'author'}.${siteTag(siteKey)}@imported.invalid`
      ).toLowerCase()
      const [existing] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.email, email))
      let profileId = existing?.id
      if (!profileId) {
        const base = slugify(author.login || author.displayName) || 'author'
        const username = await uniqueSlug(base, async (candidate) => {
          const [clash] = await tx
            .select({ id: profiles.id })
            .from(profiles)
            .where(eq(profiles.usernameKey, usernameKey(candidate)))
          return clash !== undefined
        })
        profileId = crypto.randomUUID()
        await tx.insert(profiles).values({
          id: profileId,
          name: author.displayName || username,
          email,
          emailVerified: false,
          username,
          usernameKey: usernameKey(username),
          displayName: author.displayName || null,
          bio: author.bio || null,
          role: 'author',
        })
      }
      await remember(tx, siteKey, 'author', author.sourceId, profileId)
      return profileId
    })
    ids.set(author.sourceId, id)
  }
  return ids
}
