import crypto from 'node:crypto'
import pg from 'pg'
import {
  announceChanged,
  type CacheKey,
  EVERYTHING,
  onContentChanged,
  readCacheKeys,
} from '~/infra/cache-keys.server'
import { logger } from '~/infra/logger.server'

const CHANNEL = 'broadsheet_page_cache'
/** How the listener shows in pg_stat_activity (and how a test finds it). */
export const LISTENER_APPLICATION_NAME = 'broadsheet-page-cache-listener'

export interface PageCacheSyncOptions {
  /** First wait before opening a lost listener connection again; doubled per failed try. */
  minDelayMs?: number
  /** Longest wait between tries: the bound on how long a lost connection stays lost. */
  maxDelayMs?: number
  /** Called each time the listener is open again after a loss (the caches were just emptied). */
  onReconnect?: () => void
}

export interface PageCacheSync {
  /** Stops listening and closes both connections (shutdown). */
  stop(): Promise<void>
  /** Times the listener connection was opened again after a loss. */
  readonly reconnects: number
  /** True while the listener connection is open and listening. */
  readonly listening: boolean
  /** The listener's server process id (pg_stat_activity.pid), while it is open. */
  readonly backendPid: number | undefined
}

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; a longer change says "chrome". */
const MAX_PAYLOAD = 7_900

/**
 * A change as one NOTIFY payload: the sending instance, then the keys, space-separated as in
 * `Surrogate-Key`. The sender hears its own notification too, and knows it by its name.
 */
export function notifyPayload(instance: string, keys: ReadonlySet<CacheKey>): string {
  const payload = `${instance} ${[...keys].join(' ')}`
  return Buffer.byteLength(payload) < MAX_PAYLOAD ? payload : `${instance} ${EVERYTHING}`
}

/**
 * Several instances on one PostgreSQL keep their caches in step: a change announced on one
 * instance (app/infra/cache-keys.server.ts) is NOTIFYed with its keys; the others announce it
 * to their own caches as made `elsewhere` (their page cache and memoised reads drop what shows
 * those keys, their public reads go to the primary; a CDN is told only by the instance that
 * made the change).
 *
 * The listener's connection can drop (PostgreSQL restarted, a failover, the connection killed).
 * It is then opened again, after 100 ms, 200 ms, 400 ms… at most `maxDelayMs` (2 s) apart, for
 * as long as it takes; once it listens again the caches are emptied ("chrome"), since notifications
 * sent meanwhile were missed.
 */
export async function syncPageCacheThroughPostgres(
  databaseUrl: string,
  { minDelayMs = 100, maxDelayMs = 2000, onReconnect }: PageCacheSyncOptions = {},
): Promise<PageCacheSync> {
  const notifier = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  notifier.on('error', () => {})
  notifier.on('connect', (client) => client.on('error', () => {}))
  let listener: pg.Client | undefined
  let stopped = false
  let reconnects = 0
  let retry: NodeJS.Timeout | undefined

  const instance = crypto.randomUUID()
  const heard = (message: pg.Notification) => {
    const [sender = '', keys = ''] = (message.payload ?? '').split(/ (.*)/s)
    if (sender === instance) return
    // No key, or a word that is none (an instance of another release?): every cache empties.
    const read = readCacheKeys(keys)
    announceChanged(read?.length ? read : [EVERYTHING], 'elsewhere')
  }
  const dropCaches = () => announceChanged([EVERYTHING], 'elsewhere')

  async function open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5000,
    })
    // Until it listens, a failure is the caller's to handle (the catch below).
    client.on('error', () => {})
    try {
      await client.connect()
      await client.query(`listen ${CHANNEL}`)
    } catch (error) {
      await client.end().catch(() => {})
      throw error
    }
    let lost = false
    const onLost = (error?: Error) => {
      if (lost) return
      lost = true
      client.removeAllListeners('notification')
      client.end().catch(() => {})
      if (listener === client) listener = undefined
      if (stopped) return
      logger.warn({ err: error }, 'page cache listener lost its connection; opening it again')
      reopen(0)
    }
    client.on('error', onLost)
    client.on('end', () => onLost())
    client.on('notification', heard)
    return client
  }

  function reopen(attempt: number) {
    const delay = Math.min(maxDelayMs, minDelayMs * 2 ** attempt)
    retry = setTimeout(() => {
      open().then(
        (client) => {
          if (stopped) {
            void client.end().catch(() => {})
            return
          }
          listener = client
          reconnects++
          // Whatever was written while no one listened was never heard of here.
          dropCaches()
          logger.info({ attempt: attempt + 1 }, 'page cache listener open again; caches emptied')
          onReconnect?.()
        },
        (error: unknown) => {
          if (stopped) return
          logger.warn(
            { err: error, attempt: attempt + 1 },
            'page cache listener: still no connection',
          )
          reopen(attempt + 1)
        },
      )
    }, delay)
    retry.unref()
  }

  listener = await open()
  const stopBroadcasting = onContentChanged((keys, origin) => {
    if (origin !== 'here') return
    notifier
      .query('select pg_notify($1, $2)', [CHANNEL, notifyPayload(instance, keys)])
      .catch((error) => logger.warn({ err: error }, 'page cache notify failed'))
  })
  return {
    async stop() {
      stopped = true
      clearTimeout(retry)
      stopBroadcasting()
      await listener?.end().catch(() => {})
      await notifier.end().catch(() => {})
    },
    get reconnects() {
      return reconnects
    },
    get listening() {
      return listener !== undefined
    },
    get backendPid() {
      return (listener as { processID?: number } | undefined)?.processID
    },
  }
}
