import net from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import {
  attachReadReplica,
  getDatabaseHandle,
  installDatabase,
  preferPrimaryReads,
  READ_YOUR_WRITES_MS,
  readDb,
  type DatabaseHandle,
} from '~/infra/db.server'
import { startStreamingReplica, type StreamingReplica } from '../bench/support/replica'
import { insertArticle } from '../tests/setup/content-fixtures'

/**
 * DATABASE_READ_URL on a real streaming replica of the test server (pg_basebackup): after a
 * write, public reads go to the primary, and back to the replica as soon as it has replayed
 * the write, long before the window of READ_YOUR_WRITES_MS, and never before it has the write.
 */
let primary: DatabaseHandle
let withReplica: DatabaseHandle
let replica: StreamingReplica

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

beforeAll(async () => {
  primary = getDatabaseHandle()
  // The replica copies the whole server, this file's database among them.
  replica = startStreamingReplica(process.env.TEST_DATABASE_URL!, await freePort())
  const ownDatabase = new URL(primary.pool!.options.connectionString!)
  const url = new URL(replica.url)
  url.pathname = ownDatabase.pathname
  withReplica = attachReadReplica(primary, url.href, 2)
  installDatabase(withReplica)
  preferPrimaryReads(0)
}, 120_000)

afterAll(async () => {
  preferPrimaryReads(0)
  installDatabase(primary)
  await withReplica?.read?.pool.end()
  replica?.stop()
})

describe('reads after a write, with a streaming replica', () => {
  it('go to the primary, then back to the replica once it has replayed the write', async () => {
    const replicaDb = withReplica.read!.db
    expect(readDb()).toBe(replicaDb)
    for (const slug of ['followed-one', 'followed-two', 'followed-three']) {
      // The fixture announces the change, as a publish does.
      await insertArticle({ slug, title: `Written ${slug}` })
      expect(readDb()).toBe(primary.db)
      const returnedAt = Date.now()
      await expect
        .poll(() => readDb() === replicaDb, { timeout: READ_YOUR_WRITES_MS - 1_000 })
        .toBe(true)
      expect(Date.now() - returnedAt).toBeLessThan(READ_YOUR_WRITES_MS)
      // Back on the replica only once the write is there.
      const rows = await replicaDb
        .select({ slug: articles.slug })
        .from(articles)
        .where(eq(articles.slug, slug))
      expect(rows).toEqual([{ slug }])
    }
  })
})
