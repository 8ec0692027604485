import type { RouteConfig } from '@react-router/dev/routes'
import { flatRoutes } from '@react-router/fs-routes'

// Routes are files under app/routes (flat-routes naming); shared modules live in +folders.
export default flatRoutes({
  ignoredRouteFiles: ['**/*.test.*', '**/+*/**', '**/README.md'],
}) satisfies RouteConfig
