import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '~/root'

/**
 * The paper's time zone (Site Settings), as the root loader provides it: the back office draws
 * every date in it, whatever zone the browser is in (docs/product.md "Dates and times").
 */
export function usePaperTimeZone(): string {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  return root?.settings.timeZone ?? 'UTC'
}
