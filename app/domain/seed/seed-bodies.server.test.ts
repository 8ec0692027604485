import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles, staticPages } from '@db/schema/index'
import {
  getDb,
  installDatabase,
  migrateDatabase,
  openPglite,
  type DatabaseHandle,
} from '~/infra/db.server'
import { sanitizeArticleHtml, sanitizePageHtml } from '~/infra/sanitize.server'
import { createDiskStorage, setStorage } from '~/infra/storage.server'
import { seedBenchmarkArticles, seedDemoContent } from './seed.server'

// Every body the seed stores is one the editor's save could have stored: sanitising it again
// changes nothing (issue 13, hostile HTML: "every stored body is a fixed point").
let handle: DatabaseHandle
let storageDir: string

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'broadsheet-seed-bodies-'))
  setStorage(createDiskStorage(storageDir))
  handle = await openPglite(undefined)
  await migrateDatabase(handle)
  installDatabase(handle)
  await seedDemoContent()
  await seedBenchmarkArticles(20)
})

afterAll(async () => {
  setStorage(undefined)
  await handle?.close()
  await fs.rm(storageDir, { recursive: true, force: true })
})

describe('seeded bodies', () => {
  it('every article body is a fixed point of the sanitiser', async () => {
    const rows = await getDb()
      .select({ slug: articles.slug, content: articles.content })
      .from(articles)
    expect(rows.length).toBeGreaterThan(40)
    const changed = rows.filter((row) => sanitizeArticleHtml(row.content) !== row.content)
    expect(changed.map((row) => row.slug)).toEqual([])
  })

  it('every static page body is a fixed point of the sanitiser', async () => {
    const rows = await getDb()
      .select({ slug: staticPages.slug, content: staticPages.content })
      .from(staticPages)
    expect(rows.length).toBeGreaterThanOrEqual(4)
    const changed = rows.filter((row) => sanitizePageHtml(row.content) !== row.content)
    expect(changed.map((row) => row.slug)).toEqual([])
  })
})
