import { and, eq } from 'drizzle-orm'
import { newspaperEditions } from '@db/schema/index'
import { decideRead, type ArticleGate, type Reader } from '~/domain/membership/access-level'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { getDb } from '~/infra/db.server'

/*
 * The e-paper for members (issue 38): with the site's `editionsAccess` at 'members', or an
 * edition's own `access` saying so (null follows the site), an edition's reader pages, its PDF
 * and its text search need a member of any plan, or staff. Its cover, title and date stay
 * public: the teaser on the home page, /newspapers and the edition's own page.
 */

/** Any paid plan opens a members edition: the rule of a members story that names no plan. */
const MEMBERS_EDITION: ArticleGate = { access: 'members', accessPlanIds: [], freeForNow: false }

/** Whether an edition with its own `access` (null: the site's) is for members. */
export function isMembersEdition(own: string | null, site: string): boolean {
  return (own ?? site) === 'members'
}

/** Whether `reader` reads members editions: staff, or a member of any plan (decideRead). */
export function readsMembersEditions(reader: Reader): boolean {
  return decideRead(MEMBERS_EDITION, reader).full
}

/**
 * Whether the stored file `name` is the PDF of a ready members edition: the media route
 * refuses it by that address (server/app.ts), and the edition's PDF route serves it to those
 * who may read it. One indexed read, and only for a PDF of the editions' bucket.
 */
export async function isMembersEditionPdf(name: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ access: newspaperEditions.access })
    .from(newspaperEditions)
    .where(and(eq(newspaperEditions.fileName, name), eq(newspaperEditions.status, 'ready')))
    .limit(1)
  if (!row) return false
  return isMembersEdition(row.access, (await getSiteSettings()).editionsAccess)
}

/** A ready edition's stored PDF and whether it is for members, for its download route. */
export async function editionPdfOf(
  slug: string,
): Promise<{ fileName: string; membersOnly: boolean } | null> {
  const [row] = await getDb()
    .select({ fileName: newspaperEditions.fileName, access: newspaperEditions.access })
    .from(newspaperEditions)
    .where(and(eq(newspaperEditions.slug, slug), eq(newspaperEditions.status, 'ready')))
    .limit(1)
  if (!row) return null
  const { editionsAccess } = await getSiteSettings()
  return { fileName: row.fileName, membersOnly: isMembersEdition(row.access, editionsAccess) }
}
