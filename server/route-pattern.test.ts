import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { loadRouteManifest, type ManifestRoute } from '../tests/setup/route-manifest'
import { routePattern } from './route-pattern'

// The app's routes as a server build lists them: the root, then every route naming its parent.
async function appBuild() {
  const manifest = await loadRouteManifest()
  const routes: Record<string, Partial<ManifestRoute>> = { root: { id: 'root', path: '' } }
  for (const route of manifest) routes[route.id] = route
  return { build: { routes } as unknown as ServerBuild, manifest }
}

/** React Router's own answer over the whole route tree, as the label was made before. */
function fullTreeAnswer(manifest: ManifestRoute[], path: string) {
  const childrenOf = (parentId: string): RouteObject[] =>
    manifest
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : { id: route.id, path: route.path, children: childrenOf(route.id) },
      )
  const tree: RouteObject[] = [{ id: 'root', path: '', children: childrenOf('root') }]
  return matchRoutes(tree, path)?.at(-1)?.route.id ?? 'unmatched'
}

describe('routePattern', () => {
  it('labels every route’s own address, and addresses of all kinds, as a match over every route would', async () => {
    const { build, manifest } = await appBuild()
    const paths = [
      ...manifest.map((route) => route.url),
      ...manifest.map((route) => route.url.toUpperCase()),
      '/',
      '/article/a-story',
      '/Article/A-Story',
      '/category/politics/extra/segments',
      '/no-such-page',
      '/no-such-page/at/all',
      '/admin/nothing-here',
      '/admin/articles/12345/nothing',
      '/api/unknown',
      '//double//slashes',
      '/%E2%80%AE',
    ]
    expect(paths.length).toBeGreaterThan(100)
    for (const path of paths)
      expect([path, routePattern(build, path)]).toEqual([path, fullTreeAnswer(manifest, path)])
  })

  it('counts a data request under its page, and the root’s under the home page', async () => {
    const { build, manifest } = await appBuild()
    expect(routePattern(build, '/article/a-story.data')).toBe(
      fullTreeAnswer(manifest, '/article/a-story'),
    )
    expect(routePattern(build, '/_root.data')).toBe(fullTreeAnswer(manifest, '/'))
    expect(routePattern(build, '/article/a-story')).toMatch(/article/)
  })
})
