import {
  newsletterIssues,
  newsletterLists,
  newspaperEditions,
  newspaperPages,
} from '@db/schema/index'
import { announceChanged } from '../../app/infra/cache-keys.server'
import { getDb } from '../../app/infra/db.server'

// Print editions and newsletter issues for the Content API's tests, written straight to the
// test database in each state readers must or must not see.

let counter = 0

/** An edition in `status` with its page texts; its slug is its date. */
export async function insertEdition(
  fields: {
    editionDate: string
    title?: string
    status?: 'processing' | 'ready' | 'failed'
    access?: 'members' | 'everyone' | null
    pages?: string[]
  } = { editionDate: '2026-01-01' },
) {
  const pages = fields.pages ?? ['Front page', 'Page two']
  const [row] = await getDb()
    .insert(newspaperEditions)
    .values({
      slug: fields.editionDate,
      title: fields.title ?? `Edition of ${fields.editionDate}`,
      editionDate: fields.editionDate,
      fileName: `edition-${fields.editionDate}-${++counter}.pdf`,
      size: 1000,
      pageCount: pages.length,
      coverName: `cover-${fields.editionDate}-${counter}.webp`,
      coverWidth: 600,
      coverHeight: 800,
      status: fields.status ?? 'ready',
      access: fields.access ?? null,
    })
    .returning()
  if (pages.length) {
    await getDb()
      .insert(newspaperPages)
      .values(pages.map((text, i) => ({ editionId: row.id, pageNumber: i + 1, text })))
  }
  // Rows written past the domain: told as the domain's write tells its own.
  announceChanged(['editions'])
  return row
}

/** A newsletter list (an alert list unless told). */
export async function insertNewsletterList(slug: string, name = `List ${slug}`) {
  const [row] = await getDb()
    .insert(newsletterLists)
    .values({ slug, name, kind: 'alert' })
    .returning()
  return row
}

type IssueStatus = (typeof newsletterIssues.$inferSelect)['status']

/**
 * An issue in `status`; one whose send started (sending, sent, or failed and cancelled after
 * it) has its mail frozen, as a send leaves it.
 */
export async function insertIssue(
  listId: number,
  fields: { status: IssueStatus; subject: string; startedAt?: Date; frozen?: boolean },
) {
  const frozen = fields.frozen ?? fields.status !== 'draft'
  const [row] = await getDb()
    .insert(newsletterIssues)
    .values({
      listId,
      status: fields.status,
      subject: fields.subject,
      preheader: `About ${fields.subject}`,
      html: frozen
        ? `<html><body><h1>${fields.subject}</h1><p>{{unsubscribe_url}}</p></body></html>`
        : null,
      text: frozen ? `${fields.subject}\n` : null,
      startedAt: frozen ? (fields.startedAt ?? new Date()) : null,
      scheduledAt: fields.status === 'scheduled' ? new Date(Date.now() + 86_400_000) : null,
    })
    .returning()
  return row
}
