import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps as withHydrateFallbackProps,
  type ServerBuild,
} from 'react-router'
import { createApp } from '../../server/app'
import type { PageCache } from '../../server/page-cache'
import { loadRouteManifest, type ManifestRoute } from './route-manifest'

type RouteModule = Record<string, unknown>

/**
 * The whole server in the test process: the Express app of server/app.ts (input checks, CSRF,
 * error handler) in front of React Router's own request handler, over a server build put
 * together from the route manifest and the route modules as Vitest loads them. Requests go
 * through it over HTTP exactly as a browser's would: documents, `.data` requests of single
 * fetch, resource routes and form posts. No client bundle: pages name scripts that are not
 * there, which no test here asks for.
 */
export interface TestServer {
  url: string
  manifest: ManifestRoute[]
  /**
   * A request as a browser on the site's address sends it: its Host is that of SITE_URL (React
   * Router refuses actions whose URL and Origin differ), redirects are not followed.
   */
  fetch(path: string, init?: TestRequestInit): Promise<Response>
  close(): Promise<void>
}

export interface TestRequestInit {
  method?: string
  headers?: Record<string, string>
  body?: string | Uint8Array
}

export async function startTestServer(
  /** The server's page cache (server/start.ts makes one); none unless a test passes it. */
  options: { pageCache?: PageCache } = {},
): Promise<TestServer> {
  const manifest = await loadRouteManifest()
  const rootModule = withStylesheet(asBuilt((await import('../../app/root')) as RouteModule))
  const entryModule = (await import('../../app/entry.server')) as RouteModule
  const routes: Record<string, unknown> = {
    root: { id: 'root', path: '', module: rootModule },
  }
  const assetRoutes: Record<string, unknown> = {
    root: assetEntry('root', undefined, { path: '' }, rootModule),
  }
  for (const route of manifest) {
    const module = asBuilt(
      (await import(/* @vite-ignore */ `../../app/${route.file}`)) as RouteModule,
    )
    const entry = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: undefined,
    }
    routes[route.id] = { ...entry, module }
    assetRoutes[route.id] = assetEntry(route.id, route.parentId, entry, module)
  }
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-client-'))
  fs.mkdirSync(path.join(clientDir, 'assets'))
  const build = {
    entry: { module: entryModule },
    routes,
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [], css: [] },
      routes: assetRoutes,
      url: '/assets/manifest-test.js',
      version: 'test',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: clientDir,
    future: {
      unstable_optimizeDeps: false,
      v8_passThroughRequests: true,
      v8_trailingSlashAwareDataRequests: true,
      unstable_previewServerPrerendering: false,
      v8_middleware: false,
      v8_splitRouteModules: true,
      v8_viteEnvironmentApi: true,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    allowedActionOrigins: false,
  } as unknown as ServerBuild
  const app = createApp({
    mode: 'production',
    getBuild: () => build,
    clientDir,
    pageCache: options.pageCache,
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  const host = new URL(process.env.SITE_URL ?? 'http://localhost:3000').host
  // Kept-alive connections, as browsers use: a refused body is then read to its end by the
  // server rather than cut off with a reset that can swallow the answer.
  const agent = new http.Agent({ keepAlive: true })
  return {
    url: `http://127.0.0.1:${port}`,
    manifest,
    fetch: (pathname, init = {}) => request(agent, port, host, pathname, init),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
        fs.rmSync(clientDir, { recursive: true, force: true })
      }),
  }
}

function request(
  agent: http.Agent,
  port: number,
  host: string,
  pathname: string,
  init: TestRequestInit,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const body = typeof init.body === 'string' ? Buffer.from(init.body) : init.body
    // A server that refuses a large body answers early and closes the connection while the
    // body is still being sent (as it does to browsers): the answer counts, not the reset.
    let answered = false
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        path: pathname,
        method: init.method ?? 'GET',
        headers: {
          host,
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        answered = true
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const headers = new Headers()
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of ([] as (string | undefined)[]).concat(value)) {
              if (one !== undefined) headers.append(name, one)
            }
          }
          const status = res.statusCode ?? 500
          const empty = [101, 204, 205, 304].includes(status)
          resolve(
            new Response(empty ? null : Buffer.concat(chunks), {
              status,
              statusText: res.statusMessage,
              headers,
            }),
          )
        })
      },
    )
    req.on('error', (error) => {
      if (!answered) reject(error)
    })
    req.end(body)
  })
}

/** What React Router's Vite plugin does to a route module: its components get their props. */
function asBuilt(module: RouteModule): RouteModule {
  const built: RouteModule = { ...module }
  if (module.default) built.default = withComponentProps(module.default as never)
  if (module.ErrorBoundary) {
    built.ErrorBoundary = withErrorBoundaryProps(module.ErrorBoundary as never)
  }
  if (module.HydrateFallback) {
    built.HydrateFallback = withHydrateFallbackProps(module.HydrateFallback as never)
  }
  return built
}

/** Vitest resolves `app.css?url` to an empty string, which React refuses as a stylesheet. */
function withStylesheet(module: RouteModule): RouteModule {
  const links = module.links as (() => { rel?: string; href?: string }[]) | undefined
  if (!links) return module
  return {
    ...module,
    links: () => links().map((link) => (link.href ? link : { ...link, href: '/assets/app.css' })),
  }
}

function assetEntry(
  id: string,
  parentId: string | undefined,
  entry: { path?: string; index?: boolean },
  module: RouteModule,
) {
  return {
    id,
    parentId,
    path: entry.path,
    index: entry.index,
    caseSensitive: undefined,
    hasAction: typeof module.action === 'function',
    hasLoader: typeof module.loader === 'function',
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasDefaultExport: module.default != null,
    hasErrorBoundary: module.ErrorBoundary != null,
    module: `/assets/${id.replace(/[^\w.-]/g, '_')}.js`,
    imports: [],
    css: [],
  }
}
