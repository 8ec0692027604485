import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '~/root'

/** The site's brand (docs/product.md §2: the logo text), as the root loader provides it. */
export function useBrand(): string {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return root?.settings.logoText || 'Broadsheet'
}
