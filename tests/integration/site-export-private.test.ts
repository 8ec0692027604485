import { text } from 'node:stream/consumers'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  liveCoverage,
  liveEntries,
  liveEntryRevisions,
  newsletterSubscribers,
} from '@db/schema/index'
import { contentJsonChunks } from '~/domain/export/content-json.server'
import { subscribersCsvStream } from '~/domain/export/site-export.server'
import { getDb } from '~/infra/db.server'
import { insertArticle } from '../setup/content-fixtures'

// The audit (LOW): the export held the text of deleted live entries and the addresses of
// readers who never confirmed their subscription. Neither is the site's to hand on: a deleted
// entry stays a tombstone (its id and when it was deleted) without its text or earlier
// versions, and subscribers.csv holds confirmed readers only (docs/export-format.md).

const AT = new Date('2025-05-01T10:00:00Z')

describe('what the export leaves out', () => {
  it('keeps a deleted live entry as a tombstone without its text or its versions', async () => {
    const article = await insertArticle({ title: 'Storm live', slug: 'storm-live' })
    await getDb().insert(liveCoverage).values({ articleId: article.id, startedAt: AT })
    const [kept, deleted] = await getDb()
      .insert(liveEntries)
      .values([
        { articleId: article.id, headline: 'Roads open', content: '<p>All roads open.</p>' },
        {
          articleId: article.id,
          headline: 'Wrong town named',
          content: '<p>The libel that was taken back.</p>',
          deletedAt: AT,
        },
      ])
      .returning()
    await getDb()
      .insert(liveEntryRevisions)
      .values({ entryId: deleted.id, headline: 'First draft', content: '<p>Earlier libel.</p>' })

    const chunks: string[] = []
    for await (const chunk of contentJsonChunks({ url: 'https://x', name: 'X' }, AT))
      chunks.push(String(chunk))
    const content = chunks.join('')
    expect(content).not.toMatch(/libel|Wrong town named|First draft/)
    const exported = (
      JSON.parse(content) as {
        articles: { id: number; live: { entries: Record<string, unknown>[] } | null }[]
      }
    ).articles.find((a) => a.id === article.id)!
    expect(exported.live!.entries).toEqual([
      expect.objectContaining({ id: kept.id, headline: 'Roads open', deletedAt: null }),
      expect.objectContaining({
        id: deleted.id,
        headline: '',
        content: '',
        deletedAt: AT.toISOString(),
        revisions: [],
      }),
    ])
    await getDb().delete(liveEntries).where(eq(liveEntries.articleId, article.id))
  })

  it('holds confirmed subscribers only in subscribers.csv', async () => {
    await getDb()
      .insert(newsletterSubscribers)
      .values([
        { email: 'kept@reader.example', confirmToken: 'c-kept', confirmedAt: AT, consentedAt: AT },
        { email: 'never-confirmed@reader.example', confirmToken: 'c-pending' },
      ])
    const csv = await text(subscribersCsvStream())
    expect(csv.trim().split('\n')).toEqual([
      'email,status,source,consented_at,confirmed_at,paused_at,created_at',
      expect.stringMatching(/^kept@reader\.example,confirmed,form,2025-05-01T10:00:00\.000Z,/),
    ])
  })
})
