import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native or WASM packages stay as runtime imports on the server.
    external: ['@electric-sql/pglite', 'pg', 'sharp', '@node-rs/argon2', 'pino', 'nodemailer'],
  },
  build: { assetsInlineLimit: 0 },
})
