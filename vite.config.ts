import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), compiledServer()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          // The server build carries the server itself (docs/decisions/0029): one module graph,
          // so the server and the routes share every module (database, caches, logger).
          // pdf-reader: the child process that reads uploaded PDFs (docs/decisions/0036), found
          // beside the other entries at run time.
          input: {
            index: 'virtual:react-router/server-build',
            main: './server/main.ts',
            'pdf-reader': './app/domain/newspapers/pdf-reader-child.server.ts',
          },
        },
      },
    },
  },
  ssr: {
    // Native or WASM packages stay as runtime imports on the server.
    external: ['@electric-sql/pglite', 'pg', 'sharp', '@node-rs/argon2', 'pino', 'nodemailer'],
  },
  build: { assetsInlineLimit: 0 },
})

/**
 * The server build's entries: `index.js` (React Router's server build, as before), `main.js`
 * (server/main.ts, started with `node`) and `pdf-reader.js`. React Router is resolved through
 * its package's public entry, like any other package.
 */
function compiledServer(): Plugin {
  let building = false
  return {
    name: 'broadsheet:compiled-server',
    enforce: 'pre',
    config(_config, env) {
      building = env.command === 'build'
    },
    configEnvironment(name) {
      if (name !== 'ssr' || !building) return
      return {
        resolve: {
          noExternal: [
            // React Router with the two packages it brings its own versions of.
            'react-router',
            '@react-router/node',
            'cookie',
            'set-cookie-parser',
            // Packages whose entry loads far more than the site uses (every icon, every
            // date function): bundled, only what is used is loaded at start.
            'lucide-react',
            'date-fns',
            /^@radix-ui\//,
            // What the Radix components bring along.
            /^@floating-ui\//,
            'aria-hidden',
            /^react-remove-scroll/,
            'react-style-singleton',
            'use-sidecar',
            'use-callback-ref',
            'detect-node-es',
            'get-nonce',
            'tslib',
            'sonner',
            'class-variance-authority',
            'clsx',
            'tailwind-merge',
            // better-auth's entries load every adapter and plugin helper, drizzle-orm and zod
            // many small modules: bundled, about a fifth less start-up time together.
            'better-auth',
            /^@better-auth\//,
            'better-call',
            'drizzle-orm',
            'zod',
          ],
        },
        build: {
          rollupOptions: {
            output: {
              entryFileNames: (chunk) =>
                `${['main', 'pdf-reader'].includes(chunk.name) ? chunk.name : 'index'}.js`,
            },
          },
        },
      }
    },
  }
}
