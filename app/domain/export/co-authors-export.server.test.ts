import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { asc, eq } from 'drizzle-orm'
import yazl from 'yazl'
import { afterAll, describe, expect, it } from 'vitest'
import { articleBylines } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { clearContent, insertArticle } from '../../../tests/setup/content-fixtures'
import { importSiteExport } from './content-import.server'
import { contentJsonChunks } from './content-json.server'
import { wxrChunks } from './wxr.server'

// A co-written story's bylines (issue 40) in the export and back: content.json lists the later
// bylines in order, wordpress.xml writes them as Co-Authors Plus does, the import restores them.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-bylines-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function text(chunks: AsyncIterable<string>) {
  let out = ''
  for await (const chunk of chunks) out += chunk
  return out
}

async function bylinesOf(articleId: number) {
  const rows = await getDb()
    .select({ userId: articleBylines.userId })
    .from(articleBylines)
    .where(eq(articleBylines.articleId, articleId))
    .orderBy(asc(articleBylines.position))
  return rows.map((row) => row.userId)
}

describe('co-authors in the site export', () => {
  it('exports every byline in order, and the import brings them back', async () => {
    const [ana, ben, cai] = [
      await createTestUser({ role: 'author' }),
      await createTestUser({ role: 'contributor' }),
      await createTestUser({ role: 'editor' }),
    ]
    const shared = await insertArticle({
      title: 'Written by three',
      authorId: ana.id,
      coAuthorIds: [cai.id, ben.id],
    })
    const site = { url: 'https://news.example', name: 'Test' }
    const json = await text(contentJsonChunks(site))
    const content = JSON.parse(json)
    expect(content.articles.find((a: { id: number }) => a.id === shared.id)).toMatchObject({
      authorId: ana.id,
      coAuthorIds: [cai.id, ben.id],
    })

    const wxr = await text(wxrChunks(site))
    const item = wxr.split('<item>').find((part) => part.includes('Written by three')) ?? ''
    const terms = [...item.matchAll(/<category domain="author" nicename="cap-([^"]+)">/g)]
    expect(terms).toHaveLength(3)

    await clearContent()
    const zip = new yazl.ZipFile()
    zip.addBuffer(Buffer.from(json), 'content.json')
    zip.end()
    const file = path.join(dir, 'export.zip')
    await pipeline(zip.outputStream, fs.createWriteStream(file))
    await importSiteExport(getDb(), getStorage(), file)
    expect(await bylinesOf(shared.id)).toEqual([ana.id, cai.id, ben.id])
  })
})
