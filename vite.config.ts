import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), compiledServer(), precompressedAssets()],
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
 * The browser's scripts and styles compressed once at build time, at the highest levels (br 11,
 * gzip 9), beside each file: the server sends those bytes (express-static-gzip, server/app.ts)
 * instead of compressing every asset for every first visit. The client build only: the server
 * build is never sent to anyone.
 */
function precompressedAssets(): Plugin {
  return {
    name: 'broadsheet:precompressed-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const outDir = options.dir
      if (!outDir) return
      const files = Object.keys(bundle).filter((name) => COMPRESSED_ASSET.test(name))
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name)
          const body = await fs.readFile(file)
          if (body.length < 1024) return
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ])
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)])
        }),
      )
    },
  }
}

const COMPRESSED_ASSET = /\.(?:js|mjs|css|svg|json)$/
const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

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
