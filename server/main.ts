/**
 * The server's entry. `npm run build` compiles it, with the routes, into build/server/main.js,
 * started with plain `node` (docs/decisions/0029); `npm run dev` runs it from source with --dev.
 */
import { fileURLToPath } from 'node:url'

const dev = process.argv.includes('--dev')
// React and others pick their production or development build when they load: decide first.
if (!dev) process.env.NODE_ENV ??= 'production'

const { startServer } = await import('./start')
await startServer({
  dev,
  // The compiled entry sits in <build>/server/: its client files are beside it.
  clientDir: dev ? undefined : fileURLToPath(new URL('../client', import.meta.url)),
})
