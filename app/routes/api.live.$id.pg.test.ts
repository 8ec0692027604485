import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import crypto from 'node:crypto'
import readline from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profiles } from '@db/schema/index'
import { startCoverage } from '~/domain/live/live.server'
import { getDatabaseHandle, getDb } from '~/infra/db.server'
import { syncPageCacheThroughPostgres, type PageCacheSync } from '../../server/page-cache-sync'
import { startTestServer, type TestServer } from '../../tests/setup/app-server'
import { insertArticle } from '../../tests/setup/content-fixtures'

// Two instances of the site on one PostgreSQL database: B is this process (the whole server,
// its delta endpoint answering from the coverage it keeps in memory for 60 s), A another
// process (tests/setup/live-instance.ts) where the desk posts. An entry posted on A is served
// by B's endpoint at once: A's NOTIFY empties B's copy (docs/decisions/0038).

/** This test file's database (a clone of the run's template on TEST_DATABASE_URL's server). */
function databaseUrl(): string {
  const pool = getDatabaseHandle().pool!
  return (pool.options as { connectionString: string }).connectionString
}

/** Far below the 60 s B keeps the coverage in memory without being told. */
const AT_ONCE_MS = 5000

interface InstanceA {
  send(command: Record<string, unknown>): Promise<Record<string, unknown>>
  stop(): void
}

async function startInstanceA(): Promise<InstanceA> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ['--import', 'tsx', 'tests/setup/live-instance.ts'],
    { env: { ...process.env, DATABASE_URL: databaseUrl() }, stdio: 'pipe' },
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async () => {
    const { value, done } = await lines.next()
    if (done) throw new Error(`instance A stopped: ${stderr}`)
    return JSON.parse(value as string) as Record<string, unknown>
  }
  expect(await next()).toEqual({ ready: true })
  return {
    async send(command) {
      child.stdin.write(`${JSON.stringify(command)}\n`)
      const answer = await next()
      expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true })
      return answer
    },
    stop: () => child.kill(),
  }
}

let server: TestServer
let sync: PageCacheSync | undefined
let instanceA: InstanceA
let editorId: string

beforeAll(async () => {
  editorId = crypto.randomUUID()
  await getDb()
    .insert(profiles)
    .values({
      id: editorId,
      email: `a-desk-${editorId}@example.com`,
      username: 'a-desk',
      role: 'editor',
    })
  server = await startTestServer()
  sync = await syncPageCacheThroughPostgres(databaseUrl())
  instanceA = await startInstanceA()
}, 60_000)

afterAll(async () => {
  instanceA?.stop()
  await sync?.stop()
  await server?.close()
})

async function deltaOnB(articleId: number) {
  const response = await server.fetch(`/api/live/${articleId}?since=0`)
  expect(response.status).toBe(200)
  return (await response.json()) as { state: string; changed: { id: number; html: string }[] }
}

describe('live coverage on two instances', () => {
  it('serves on B, at once, an entry posted on A', async () => {
    const article = await insertArticle()
    await startCoverage(article.id)
    // B reads the coverage, and keeps it.
    expect((await deltaOnB(article.id)).changed).toEqual([])

    const posted = await instanceA.send({
      op: 'post',
      articleId: article.id,
      authorId: editorId,
      text: 'Posted on A',
    })
    await expect
      .poll(async () => (await deltaOnB(article.id)).changed.map((e) => e.id), {
        timeout: AT_ONCE_MS,
        interval: 50,
      })
      .toEqual([posted.id])
    expect((await deltaOnB(article.id)).changed[0]!.html).toContain('Posted on A')

    await instanceA.send({ op: 'end', articleId: article.id })
    await expect
      .poll(async () => (await deltaOnB(article.id)).state, { timeout: AT_ONCE_MS, interval: 50 })
      .toBe('ended')
  })

  it('without the NOTIFY, B keeps answering from what it read (the test can fail)', async () => {
    const article = await insertArticle()
    await startCoverage(article.id)
    expect((await deltaOnB(article.id)).changed).toEqual([])
    // B stops listening: A's next entry reaches the database but not B's memory.
    await sync?.stop()
    sync = undefined
    await instanceA.send({ op: 'post', articleId: article.id, authorId: editorId, text: 'Unheard' })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect((await deltaOnB(article.id)).changed).toEqual([])
  })
})
