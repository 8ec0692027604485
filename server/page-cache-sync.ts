import pg from 'pg'
import { logger } from '~/infra/logger.server'
import { clearMemoCaches } from '~/infra/memo-cache.server'
import type { PageCache } from './page-cache'

const CHANNEL = 'broadsheet_page_cache'

/**
 * Several instances on one PostgreSQL keep their page caches in step: a write on one
 * instance NOTIFYs the others, which drop their cached pages and the site's chrome kept in
 * memory (app/infra/memo-cache.server.ts).
 */
export async function syncPageCacheThroughPostgres(cache: PageCache, databaseUrl: string) {
  const listener = new pg.Client({ connectionString: databaseUrl })
  const notifier = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  notifier.on('error', () => {})
  listener.on('error', (error) =>
    logger.warn({ err: error }, 'page cache listener lost its connection'),
  )
  await listener.connect()
  await listener.query(`listen ${CHANNEL}`)
  listener.on('notification', () => {
    cache.clear({ broadcast: false })
    clearMemoCaches()
  })
  const stop = cache.onClear(() => {
    notifier
      .query(`notify ${CHANNEL}`)
      .catch((error) => logger.warn({ err: error }, 'page cache notify failed'))
  })
  return async () => {
    stop()
    await listener.end().catch(() => {})
    await notifier.end().catch(() => {})
  }
}
