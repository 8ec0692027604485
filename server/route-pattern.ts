import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { KeptValues } from '~/lib/kept-values'

/**
 * The route a request is for, as a pattern fit for a metric label: the React Router route id
 * (`routes/_site.article.$slug`), never the raw URL (one label per article would grow without
 * end). Data requests (`/article/x.data`) count under their page's route; addresses no route
 * takes are `unmatched`.
 *
 * Asked on every request, page-cache hits included, so it must cost little: matchRoutes
 * flattens and ranks the whole route list on each call (some 0.4 ms with this app's routes,
 * several times what a cached page costs to serve). The last few thousand addresses' labels
 * are kept; for the others matchRoutes is asked of only the routes whose first segment could
 * match the address's (its static first segment, or a dynamic one), a tree made once per
 * first segment: the same answer, since no other route can match.
 */
export function routePattern(build: ServerBuild, pathname: string): string {
  // The addresses asked for most (the cached pages) are answered from memory.
  let labels = labelsByBuild.get(build)
  if (!labels) labelsByBuild.set(build, (labels = new KeptValues(5000)))
  return labels.get(pathname, () => matchedRouteId(build, pathname))
}

const labelsByBuild = new WeakMap<ServerBuild, KeptValues<string>>()

function matchedRouteId(build: ServerBuild, pathname: string): string {
  let path = pathname
  if (path === '/_root.data') path = '/'
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length)
  const matches = matchRoutes(treeFor(build, firstSegment(path)), path)
  return matches?.at(-1)?.route.id ?? 'unmatched'
}

function firstSegment(path: string) {
  return (path.split('/').find((segment) => segment !== '') ?? '').toLowerCase()
}

interface Trees {
  /** First segments some route's path starts with, as written (lower case). */
  staticFirsts: Set<string>
  byFirst: Map<string, RouteObject[]>
  routes: NonNullable<ServerBuild['routes'][string]>[]
}

const treesByBuild = new WeakMap<ServerBuild, Trees>()

/** The build's routes that could match an address beginning with `first`, as a nested tree. */
function treeFor(build: ServerBuild, first: string): RouteObject[] {
  let trees = treesByBuild.get(build)
  if (!trees) {
    const routes = Object.values(build.routes).filter((route) => route !== undefined)
    trees = { staticFirsts: staticFirstSegments(routes), byFirst: new Map(), routes }
    treesByBuild.set(build, trees)
  }
  // Any other first segment meets the same routes: the dynamic ones. One tree for all of them.
  const key = trees.staticFirsts.has(first) ? first : ':'
  let tree = trees.byFirst.get(key)
  if (!tree) {
    tree = subtree(trees.routes, undefined, '', key)
    trees.byFirst.set(key, tree)
  }
  return tree
}

type ManifestRoute = Trees['routes'][number]

function staticFirstSegments(routes: ManifestRoute[]) {
  const firsts = new Set<string>()
  const fullPath = (route: ManifestRoute | undefined): string =>
    route ? `${fullPath(routes.find((r) => r.id === route.parentId))}/${route.path ?? ''}` : ''
  for (const route of routes) {
    const first = firstSegment(fullPath(route))
    if (first !== '' && !isDynamic(first)) firsts.add(first)
  }
  return firsts
}

function isDynamic(segment: string) {
  return segment.startsWith(':') || segment.startsWith('*') || segment.endsWith('?')
}

/**
 * The children of `parentId` that could match `first` (':' for "none of the static ones"),
 * with theirs. A route whose full path starts with another static segment is left out, and
 * so are its descendants, whose paths start the same way.
 */
function subtree(
  routes: ManifestRoute[],
  parentId: string | undefined,
  parentPath: string,
  first: string,
): RouteObject[] {
  const tree: RouteObject[] = []
  for (const route of routes) {
    if (route.parentId !== parentId) continue
    const path = `${parentPath}/${route.path ?? ''}`
    const own = firstSegment(path)
    if (own !== '' && !isDynamic(own) && own !== first) continue
    tree.push(
      route.index
        ? { id: route.id, index: true, path: route.path }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: subtree(routes, route.id, path, first),
          },
    )
  }
  return tree
}
