import path from 'node:path'

export interface ManifestRoute {
  id: string
  /** Source file under app/, e.g. routes/admin.users.tsx. */
  file: string
  /** A concrete URL path for the route: params filled with "x", a splat with "x/y". */
  url: string
  /** The route's full path pattern, e.g. "admin/edit-article/:id". */
  pattern: string
  /** As in a server build: the parent route's id ("root" at the top), own path, index. */
  parentId: string
  path?: string
  index?: boolean
}

interface Entry {
  id: string
  file: string
  path?: string
  index?: boolean
  children?: Entry[]
}

/**
 * Every route of the app as React Router's file-system convention builds it (app/routes.ts),
 * so routes added by anyone later are included without editing a list.
 */
export async function loadRouteManifest(): Promise<ManifestRoute[]> {
  const store = globalThis as { __reactRouterAppDirectory?: string }
  store.__reactRouterAppDirectory ??= path.resolve('app')
  const { default: config } = (await import('../../app/routes')) as unknown as {
    default: Entry[] | Promise<Entry[]>
  }
  const routes: ManifestRoute[] = []
  const walk = (entries: Entry[], parent: string, parentId: string) => {
    for (const entry of entries) {
      const pattern = [parent, entry.path ?? ''].filter(Boolean).join('/')
      routes.push({
        id: entry.id,
        file: entry.file,
        pattern,
        url: toUrl(pattern),
        parentId,
        path: entry.path,
        index: entry.index,
      })
      if (entry.children) walk(entry.children, pattern, entry.id)
    }
  }
  walk(await config, '', 'root')
  return routes
}

function toUrl(pattern: string) {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return 'x/y'
      const optional = segment.endsWith('?')
      const bare = optional ? segment.slice(0, -1) : segment
      return bare.startsWith(':') ? 'x' : bare
    })
  return `/${segments.join('/')}`
}

/** Params for calling a route's loader or action directly: every name gets "x". */
export function fakeParams(pattern: string): Record<string, string> {
  const params: Record<string, string> = {}
  for (const segment of pattern.split('/')) {
    if (segment.startsWith(':')) params[segment.slice(1).replace(/\?$/, '')] = 'x'
    if (segment === '*') params['*'] = 'x/y'
  }
  return params
}
