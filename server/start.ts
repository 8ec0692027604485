import type { Server } from 'node:http'
import type { ServerBuild } from 'react-router'
import { cdnPurgeFromEnv } from '~/infra/cdn-purge.server'
import { createVarnishPurge } from '~/infra/varnish-purge.server'
import type pg from 'pg'
import { DataDirLockedError } from '~/infra/data-dir-lock.server'
import { onContentChanged } from '~/infra/cache-keys.server'
import { databasePoolSamples, type DatabaseHandle } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { logger } from '~/infra/logger.server'
import { addMetricsCollector } from '~/infra/metrics.server'
import { ARTICLE_READER_PAGES } from '~/domain/articles/article-reader-pages.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { jobRegistry } from '~/infra/jobs/registry.server'
import { closeMailTransport } from '~/infra/mail.server'
import { createApp } from './app'
import { backgroundJobs } from './jobs'
import { createShutdown, drainableServer } from './lifecycle'
import { PageCache } from './page-cache'
import { renderQueueFromEnv, reportRenderQueue } from './render-queue'
import { syncPageCacheThroughPostgres } from './page-cache-sync'
import { prepareDatabase } from './startup'

export interface StartOptions {
  /** Development: Vite compiles the routes on demand. */
  dev: boolean
  /** Production: the build's client files (default: BUILD_DIR/client). */
  clientDir?: string
}

export async function startServer(options: StartOptions) {
  try {
    await start(options)
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    logger.fatal({ err: error }, 'start-up failed')
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exit(1)
  }
}

async function start({ dev, clientDir }: StartOptions) {
  const env = getEnv()
  const started = performance.now()
  // The routes load while the database opens.
  const production = dev ? undefined : loadProductionBuild()
  // Awaited once the database is open; a failure before that must not go unhandled.
  production?.catch(() => {})
  const database = await prepareDatabase('server')

  // What /metrics reports beyond requests and the process: the database pools.
  addMetricsCollector(databasePoolSamples)

  // Every piece of background work, from one list (server/jobs.ts): started once the server
  // answers, stopped at SIGTERM. Single-instance jobs take advisory locks on PostgreSQL.
  const jobs = jobRegistry().declare(backgroundJobs({ embedded: !database.handle.pool }))

  let app
  let stopSync: (() => Promise<void>) | undefined
  let flushPurges: (() => Promise<void>) | undefined
  if (!production) {
    const vite = await import('vite').then((m) =>
      m.createServer({ server: { middlewareMode: true } }),
    )
    app = createApp({
      mode: 'development',
      devMiddleware: vite.middlewares,
      getBuild: () =>
        vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    })
  } else {
    const build = await production
    // Without PAGE_CACHE it keeps no pages, but changes still reach the other instances.
    const pages = await createPageCache(database.handle, env.PAGE_CACHE)
    stopSync = pages.stopSync
    flushPurges = pages.flushPurges
    const renderQueue = renderQueueFromEnv({ embedded: !database.handle.pool })
    if (renderQueue) reportRenderQueue(renderQueue)
    app = createApp({
      mode: 'production',
      getBuild: () => build,
      pageCache: pages.cache,
      clientDir,
      renderQueue,
    })
  }

  const server: Server = app.listen(env.PORT, env.HOST, () => {
    logger.info(
      { port: env.PORT, db: database.handle.driver, ms: Math.round(performance.now() - started) },
      `Broadsheet is running at ${env.siteUrl}`,
    )
    if (!process.env.CI && !dev) process.stdout.write(`Broadsheet is running at ${env.siteUrl}\n`)
    void jobs.start({
      databaseUrl: database.handle.pool ? postgresUrlOf(database.handle.pool) : undefined,
      timeZone: async () => (await getSiteSettings()).timeZone,
      // The Background work screen shows every instance's runs, not only its own.
      shareState: true,
    })
  })

  const { drain } = drainableServer(server)
  // SIGTERM: unready, drain, stop the background work, write the views, close the database.
  const stop = createShutdown({
    drain,
    drainTimeoutMs: env.DRAIN_TIMEOUT * 1000,
    // A SIGTERM (a deploy, a restart) waits STOP_DELAY for the balancer; Ctrl-C stops at once.
    leaveRotation:
      env.STOP_DELAY > 0
        ? () => new Promise((resolve) => setTimeout(resolve, env.STOP_DELAY * 1000))
        : undefined,
    async stopBackground() {
      // A change one of the last requests made reaches Varnish and the CDN before the end:
      // left to its debounce, a quick shutdown dropped it and the edge kept the old page.
      await Promise.all([stopSync?.(), jobs.stop(), flushPurges?.()])
      closeMailTransport()
    },
    // What the jobs count in memory (views, redirect hits), after the last request.
    flush: () => jobs.atShutdown(),
    closeDatabase: () => database.close(),
    // The last log lines are written out before the process ends.
    exit: (code) => logger.flush(() => process.exit(code)),
    log: (message, details) => logger.info(details ?? {}, message),
  })
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

async function createPageCache(handle: DatabaseHandle, keepPages: boolean) {
  // Article pages are also kept per kind of reader: a member's full text and a metered read
  // are answered from a kept copy once the access rule has named it (decision 0046).
  const cache = new PageCache({
    keepPages,
    readerPages: ARTICLE_READER_PAGES,
  })
  // Every announced change, made here or on another instance, drops the pages that show it
  // (the memoised reads and the replica preference listen on their own).
  onContentChanged((keys) => cache.invalidate(keys))
  // A CDN (CDN_PURGE_URL) and Varnish (VARNISH_URL) in front are told too: only by the
  // instance that made the change.
  const { siteUrl, VARNISH_URL, VARNISH_PURGE } = getEnv()
  const purges = [
    cdnPurgeFromEnv(siteUrl),
    VARNISH_URL.length > 0
      ? createVarnishPurge({ addresses: VARNISH_URL, mode: VARNISH_PURGE })
      : undefined,
  ].filter((purge) => purge !== undefined)
  if (purges.length > 0) {
    onContentChanged((keys, origin) => {
      if (origin === 'here') for (const purge of purges) purge.request(keys)
    })
  }
  addMetricsCollector(() => [
    {
      name: 'broadsheet_page_cache_hits_total',
      help: 'Pages served from the page cache.',
      type: 'counter',
      value: cache.hits,
    },
    {
      name: 'broadsheet_page_cache_misses_total',
      help: 'Cacheable requests the page cache could not serve.',
      type: 'counter',
      value: cache.misses,
    },
    {
      name: 'broadsheet_page_cache_entries',
      help: 'Pages kept in the page cache.',
      type: 'gauge',
      value: cache.size,
    },
    {
      name: 'broadsheet_page_cache_stale_total',
      help: 'Expired pages served to requests the render queue refused.',
      type: 'counter',
      value: cache.staleServed,
    },
    {
      name: 'broadsheet_page_cache_bytes',
      help: 'Bytes held by the page cache.',
      type: 'gauge',
      value: cache.bytes,
    },
  ])
  const url = handle.pool ? postgresUrlOf(handle.pool) : undefined
  const flushPurges = async () => {
    await Promise.all(purges.map((purge) => purge.flush()))
  }
  if (!url) return { cache, stopSync: undefined, flushPurges }
  const sync = await syncPageCacheThroughPostgres(url)
  addMetricsCollector(() => [
    {
      name: 'broadsheet_page_cache_listener_up',
      help: '1 while the LISTEN connection that keeps page caches in step is open.',
      type: 'gauge',
      value: sync.listening ? 1 : 0,
    },
    {
      name: 'broadsheet_page_cache_listener_reconnects_total',
      help: 'Times the LISTEN connection was opened again after a loss.',
      type: 'counter',
      value: sync.reconnects,
    },
  ])
  return { cache, stopSync: () => sync.stop(), flushPurges }
}

/** The URL the pool connects with (DATABASE_URL, or the one saved from Settings). */
function postgresUrlOf(pool: pg.Pool): string | undefined {
  return (pool.options as { connectionString?: string }).connectionString
}

/**
 * The routes, compiled into the same build as this server (one module graph: one database
 * handle, one set of caches). From source (tsx) there is no such build: only --dev runs there.
 */
function loadProductionBuild(): Promise<ServerBuild> {
  if (import.meta.url.endsWith('.ts')) {
    throw new Error(
      'The production server runs compiled: `npm run build`, then `npm run serve` ' +
        '(node build/server/main.js). From source, use `npm run dev`.',
    )
  }
  return import('virtual:react-router/server-build') as Promise<ServerBuild>
}
