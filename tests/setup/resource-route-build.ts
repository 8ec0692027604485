import type { ServerBuild } from 'react-router'

type Handler = (args: { request: Request; context: unknown }) => Response | Promise<Response>

/**
 * A React Router build of resource routes only, each at `/{path}` with its loader and action:
 * the server around the routes (server/app.ts) under test without building the app.
 */
export function resourceRouteBuild(
  routes: Record<string, { loader?: Handler; action?: Handler }>,
): ServerBuild {
  const entries = Object.entries(routes).map(([path, module]) => [
    path,
    { id: path, parentId: 'root', path, module },
  ])
  return {
    entry: { module: { default: () => new Response('no documents here') } },
    routes: { root: { id: 'root', path: '', module: {} }, ...Object.fromEntries(entries) },
    assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: '1' },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial' },
  } as unknown as ServerBuild
}
