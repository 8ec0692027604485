import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
export const E2E_BASE_URL = `http://localhost:${PORT}`
export const E2E_DATA_DIR = path.join(os.tmpdir(), `broadsheet-e2e-${PORT}`)
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' }

/**
 * Stripe for the journeys: a local stand-in (tests/setup/stripe-stand-in.ts) the site's SDK is
 * pointed at with its host, port and protocol options; it serves stand-in Checkout and portal
 * pages and signs its webhooks with this secret (docs/membership.md, "Testing without Stripe").
 */
const STRIPE_STAND_IN_PORT = PORT + 5
const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_stand_in_secret'

/**
 * The providers' oEmbed for the embed journeys: a local stand-in (tests/setup/oembed-stand-in.ts)
 * the site asks instead of each provider (EMBED_OEMBED_ORIGIN), on this machine
 * (EMBED_FETCH_ALLOW_PRIVATE).
 */
export const OEMBED_STAND_IN_PORT = PORT + 6

/**
 * Debian's headless shell (`apt-get install -y chromium-headless-shell`) when it is there, the
 * full Chromium otherwise; CHROMIUM_PATH chooses. The shell is Chromium's own headless build,
 * without the browser's window machinery: a third less CPU for the same journeys
 * (docs/testing.md), on a machine where the browser is most of an end-to-end test's cost.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const E2E_CHROMIUM =
  process.env.CHROMIUM_PATH ??
  (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/**
 * Specs that only read what the server holds (the demo content, and accounts they sign up or
 * sign in to), never change what another spec's pages show: project `reading`, whose tests
 * are independent of each other (`fullyParallel`). Every other spec is in project `writing`:
 * they publish, upload, change the front page or the settings, or trip the sign-in limits,
 * and run one at a time in file order, as before. scripts/test.sh runs the two projects side
 * by side, each on a server of its own (E2E_PORT apart): docs/testing.md.
 */
export const READING_SPECS = [
  'foundation.spec.ts',
  'admin/dashboard-mobile.spec.ts',
  'admin/shell.spec.ts',
  'site/accessibility.spec.ts',
  'site/article.spec.ts',
  'site/auth-admin-gate.spec.ts',
  'site/breaking-news.spec.ts',
  'site/category-tag.spec.ts',
  'site/findability.spec.ts',
  'site/first-paint.spec.ts',
  'site/footer.spec.ts',
  'site/header.spec.ts',
  'site/home.spec.ts',
  'site/no-javascript.spec.ts',
  'site/performance-budget.spec.ts',
  'site/search.spec.ts',
  'site/static-pages.spec.ts',
].map((file) => new RegExp(`/tests/e2e/${file.replace(/[./]/g, '\\$&')}$`))

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) but not the
    // screencast: recording every frame as JPEG took about a quarter of the suite's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    {
      name: 'reading',
      testMatch: READING_SPECS,
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'writing',
      testIgnore: READING_SPECS,
      // Whole newsroom journeys (sign in, write two stories, filter them) that share two cores
      // with the reading project and its server in CI: 12–30 s each there.
      timeout: 60_000,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx tests/setup/stripe-stand-in-main.ts',
      url: `http://127.0.0.1:${STRIPE_STAND_IN_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        STAND_IN_PORT: String(STRIPE_STAND_IN_PORT),
        WEBHOOK_URL: `${E2E_BASE_URL}/api/stripe/webhook`,
        WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      command: 'node --import tsx tests/setup/oembed-stand-in-main.ts',
      url: `http://127.0.0.1:${OEMBED_STAND_IN_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { STAND_IN_PORT: String(OEMBED_STAND_IN_PORT) },
    },
    {
      // The compiled production server (npm run build) on a throw-away embedded database with
      // demo content.
      command: `rm -rf ${E2E_DATA_DIR} && node --max-old-space-size=192 --heap-growing-percent=100 ${BUILD_DIR}/server/main.js`,
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        SITE_URL: E2E_BASE_URL,
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        // Named at creation, so the back office does not ask first (its bylines read "admin").
        ADMIN_NAME: 'admin',
        // Chosen at first start, so the back office does not ask an admin for it (issue 36); the
        // journeys' dates are in UTC.
        SITE_TIME_ZONE: 'UTC',
        // The import journey's "old site" serves its pictures from this machine (import.spec.ts).
        IMPORT_FETCH_ALLOW_PRIVATE: '1',
        EMBED_OEMBED_ORIGIN: `http://127.0.0.1:${OEMBED_STAND_IN_PORT}`,
        EMBED_FETCH_ALLOW_PRIVATE: '1',
        // The webhooks journey's receiver listens on this machine (webhooks.spec.ts).
        WEBHOOK_ALLOW_PRIVATE: '1',
        BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        LOG_LEVEL: 'warn',
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '131072',
        // E2E_DATABASE_URL runs the same journeys on a PostgreSQL server.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(STRIPE_STAND_IN_PORT),
        STRIPE_API_PROTOCOL: 'http',
      },
    },
  ],
})
