import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { articles } from '@db/schema/index'
import { getPublicArticlePage } from '~/domain/articles/article-page-queries.server'
import { findArticleDetail, listPublishedArticles } from '~/domain/articles/articles-queries.server'
import { searchArticles } from '~/domain/search/search-queries.server'
import {
  attachReadReplica,
  getDatabaseHandle,
  installDatabase,
  openPostgres,
  preferPrimaryReads,
  readDb,
  type DatabaseHandle,
} from '~/infra/db.server'
import { clearMemoCaches } from '~/infra/memo-cache.server'
import { insertArticle } from '../tests/setup/content-fixtures'

/**
 * DATABASE_READ_URL: a second database, made from the same template, stands in for the
 * replica, with different content from the primary; the public read models must answer from
 * it, and the back office from the primary.
 */
const name = `broadsheet_replica_${crypto.randomBytes(5).toString('hex')}`
let primary: DatabaseHandle
let replica: DatabaseHandle
let withReplica: DatabaseHandle

async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  primary = getDatabaseHandle()
  await admin((c) => c.query(`create database ${name} template ${inject('postgresTemplate')}`))
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${name}`
  replica = openPostgres(url.href, 2)
  // The same slug in both, with a different title in each; a second article only in each.
  installDatabase(replica)
  await insertArticle({ slug: 'where-read', title: 'Read from the replica' })
  await insertArticle({ slug: 'replica-only', title: 'Zanzibar replica story' })
  installDatabase(primary)
  await insertArticle({ slug: 'where-read', title: 'Read from the primary' })
  await insertArticle({ slug: 'primary-only', title: 'Zanzibar primary story' })
  withReplica = attachReadReplica(primary, url.href, 2)
  installDatabase(withReplica)
  // The fixtures' inserts announced changes, which turn reads to the primary for a while:
  // the tests start once that has passed.
  preferPrimaryReads(0)
})

afterAll(async () => {
  installDatabase(primary)
  await withReplica?.read?.pool.end()
  await replica?.close()
  await admin((c) => c.query(`drop database if exists ${name} with (force)`))
})

describe('DATABASE_READ_URL', () => {
  it('sends the public article page, listings and search to the replica', async () => {
    clearMemoCaches()
    expect(readDb()).not.toBe(getDatabaseHandle().db)
    expect((await getPublicArticlePage('where-read'))?.article.title).toBe('Read from the replica')
    expect(await getPublicArticlePage('primary-only')).toBeNull()
    const listed = (await listPublishedArticles({ pageSize: 50 })).items.map((a) => a.slug)
    expect(listed).toContain('replica-only')
    expect(listed).not.toContain('primary-only')
    const found = (await searchArticles('Zanzibar')).results.map((r) => r.slug)
    expect(found).toEqual(['replica-only'])
  })

  it('reads the primary for a while after a write anywhere on the site', async () => {
    clearMemoCaches()
    // What a page cache clear (a write here) or a notification (a write elsewhere) calls.
    preferPrimaryReads()
    try {
      expect(readDb()).toBe(getDatabaseHandle().db)
      expect((await getPublicArticlePage('where-read'))?.article.title).toBe(
        'Read from the primary',
      )
    } finally {
      preferPrimaryReads(0)
    }
    clearMemoCaches()
    expect((await getPublicArticlePage('where-read'))?.article.title).toBe('Read from the replica')
  })

  it('keeps the back office on the primary (it reads its own writes)', async () => {
    const detail = await findArticleDetail(eq(articles.slug, 'where-read'), 'any')
    expect(detail?.title).toBe('Read from the primary')
    const rows = await getDatabaseHandle()
      .db.select({ slug: articles.slug })
      .from(articles)
      .where(eq(articles.slug, 'primary-only'))
    expect(rows).toHaveLength(1)
  })
})
