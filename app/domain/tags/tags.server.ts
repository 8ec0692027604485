import { and, eq, ne, sql } from 'drizzle-orm'
import { tags } from '@db/schema/index'
import { domainErrors } from '~/domain/domain-error'
import { announceChanged, announcing, type CacheKey, cacheKey } from '~/infra/cache-keys.server'
import { getDb, type Transaction } from '~/infra/db.server'
import { queueWebhookEvent } from '~/infra/webhook-outbox.server'
import { slugify, uniqueSlug } from '~/lib/slugify'
import { TAG_NAME_NEEDS_LETTERS, type TagValues } from './tags-schema'

// Tag writes, for the Tags screen and for the article form, which creates the tags an editor
// typed when the article is saved (in the article's transaction).

// docs/product.md §8 words a missing tag by what was tried ("Failed to delete tag"), under the title "Error".
export class TagError extends domainErrors('TagError', {
  NOT_FOUND: 404,
  INVALID_NAME: 400,
}) {}

/**
 * The slug of a name, -2, -3… on a clash with any other tag (not only the 10 recent ones).
 * A name with nothing left for a slug is refused, on the Tags screen and the article form alike.
 */
export async function freeTagSlug(
  tx: Pick<Transaction, 'select'>,
  name: string,
  exceptId?: number,
) {
  const base = slugify(name)
  if (!base) throw new TagError('INVALID_NAME', TAG_NAME_NEEDS_LETTERS, { field: 'name' })
  return uniqueSlug(base, async (candidate) => {
    const clash = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(
        exceptId === undefined
          ? eq(tags.slug, candidate)
          : and(eq(tags.slug, candidate), ne(tags.id, exceptId)),
      )
      .limit(1)
    return clash.length > 0
  })
}

/** A tag's webhook event (docs/webhooks.md), queued in the change's transaction. */
function tagEvent(
  type: 'tag.created' | 'tag.updated' | 'tag.deleted',
  row: { id: number; slug: string; name: string },
) {
  return { type, subject: { tagId: row.id, slug: row.slug, name: row.name } }
}

async function insertTag(tx: Transaction, name: string) {
  const slug = await freeTagSlug(tx, name)
  const [row] = await tx.insert(tags).values({ name, slug }).returning()
  // From the Tags screen or typed on an article's form: a new tag either way.
  await queueWebhookEvent(tx, tagEvent('tag.created', row))
  return row
}

/** The Tags screen's Add: always a new tag, even when another has the same name. */
export async function createTag(values: TagValues) {
  // A new tag has no article yet: only the sitemap lists it.
  return announcing(
    getDb().transaction((tx) => insertTag(tx, values.name)),
    ['sitemap'],
  )
}

// The tag that puts an article on the breaking-news bar (articles' BREAKING_NEWS_TAG; the
// articles area imports this one, so the name is repeated rather than imported).
const BREAKING_NEWS_SLUG = 'breaking-news'

/** What a tag's rename or deletion changes: its page, the pages that show it, the sitemap. */
function tagChangeKeys(id: number, slug: string): CacheKey[] {
  const keys: CacheKey[] = [cacheKey.tag(id), 'sitemap']
  return slug === BREAKING_NEWS_SLUG ? [...keys, 'breaking'] : keys
}

/**
 * A tag typed on the article form: the one with that name ignoring case, or a new one. Runs in
 * the article's save transaction, so a tag is never created for an article that is not saved.
 */
export async function findOrCreateTag(tx: Transaction, rawName: string) {
  const name = rawName.trim()
  const [existing] = await tx
    .select()
    .from(tags)
    .where(sql`lower(${tags.name}) = lower(${name})`)
    .orderBy(tags.id)
    .limit(1)
  return existing ?? insertTag(tx, name)
}

export async function updateTag(id: number, values: TagValues) {
  let was = ''
  const write = getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(tags).where(eq(tags.id, id)).limit(1)
    if (!current) throw new TagError('NOT_FOUND', 'Failed to update tag')
    was = current.slug
    // A rename that keeps the same slug root keeps the slug: links to /tag/x stay valid.
    const slug =
      slugify(values.name) === slugify(current.name)
        ? current.slug
        : await freeTagSlug(tx, values.name, id)
    const [row] = await tx
      .update(tags)
      .set({ name: values.name, slug, updatedAt: new Date() })
      .where(eq(tags.id, id))
      .returning()
    await queueWebhookEvent(tx, tagEvent('tag.updated', row))
    return row
  })
  return announcing(write, (row) => [...tagChangeKeys(id, was), ...tagChangeKeys(id, row.slug)])
}

/** Article links go with the tag (cascade); the articles stay. */
export async function deleteTag(id: number) {
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(tags)
      .where(eq(tags.id, id))
      .returning({ id: tags.id, slug: tags.slug, name: tags.name })
    if (!deleted) throw new TagError('NOT_FOUND', 'Failed to delete tag')
    await queueWebhookEvent(tx, tagEvent('tag.deleted', deleted))
    return deleted
  })
  announceChanged(tagChangeKeys(id, row.slug))
}
