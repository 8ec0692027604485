import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  // BUILD_DIR lets several builds of one checkout live side by side (parallel test runs).
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  future: {
    v8_middleware: false,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config
