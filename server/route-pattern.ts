import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'

/**
 * The route a request is for, as a pattern fit for a metric label: the React Router route id
 * (`routes/_site.article.$slug`), never the raw URL (one label per article would grow without
 * end). Data requests (`/article/x.data`) count under their page's route; addresses no route
 * takes are `unmatched`.
 */
export function routePattern(build: ServerBuild, pathname: string): string {
  const tree = treeFor(build)
  let path = pathname
  if (path === '/_root.data') path = '/'
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length)
  const matches = matchRoutes(tree, path)
  return matches?.at(-1)?.route.id ?? 'unmatched'
}

const trees = new WeakMap<ServerBuild, RouteObject[]>()

/** The build's flat route list (each route names its parent) as the nested tree matchRoutes takes. */
function treeFor(build: ServerBuild): RouteObject[] {
  let tree = trees.get(build)
  if (tree) return tree
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: childrenOf(route.id),
            },
      )
  tree = childrenOf(undefined)
  trees.set(build, tree)
  return tree
}
