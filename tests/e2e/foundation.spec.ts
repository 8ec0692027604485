import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'

test('the home page shows the demo articles', async ({ page }) => {
  const cspViolations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text()))
      cspViolations.push(message.text())
  })
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  const links = page.locator('a[href^="/article/"]')
  await expect(links.first()).toBeVisible()
  expect(await links.count()).toBeGreaterThanOrEqual(6)
  // The page hydrates under the strict CSP: inline scripts are allowed only by hash.
  await page.waitForFunction(
    () => (window as unknown as { __reactRouterRouteModules?: object }).__reactRouterRouteModules,
  )
  expect(cspViolations).toEqual([])
  const csp = response?.headers()['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/)
  expect(csp).not.toContain("unsafe-inline'; script")
})

test('/healthz answers with the database in use', async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  const db = process.env.E2E_DATABASE_URL ? 'postgres' : 'pglite'
  expect(await response.json()).toMatchObject({ status: 'ok', db })
})

test('stored images are served with their webp variants and long cache headers', async ({
  page,
  request,
}) => {
  await page.goto('/')
  const html = await page.content()
  const match = /\/media\/media\/[A-Za-z0-9._-]+\.jpg/.exec(html)
  expect(match, 'the home page shows demo images').not.toBeNull()
  const original = await request.get(match![0])
  expect(original.status()).toBe(200)
  expect(original.headers()['cache-control']).toContain('immutable')
  const variant = await request.get(match![0].replace(/\/([^/]+)\.jpg$/, '/_v/$1-640.webp'))
  expect(variant.status()).toBe(200)
  expect(variant.headers()['content-type']).toBe('image/webp')
})

test('the client bundle contains no server-only module', () => {
  const assets = path.resolve(process.env.BUILD_DIR ?? 'build', 'client', 'assets')
  const files = fs.readdirSync(assets).filter((name) => name.endsWith('.js'))
  expect(files.length).toBeGreaterThan(0)
  const forbidden = [
    '@electric-sql/pglite',
    'pglite.wasm',
    'pg-pool',
    'better-auth/adapters',
    'sharp',
    'nodemailer',
    'drizzle-orm/node-postgres',
    '@node-rs/argon2',
    'pino',
  ]
  const found: string[] = []
  for (const file of files) {
    const source = fs.readFileSync(path.join(assets, file), 'utf8')
    for (const name of forbidden) {
      if (
        new RegExp(
          `["'/]${name.replace(/[/.@-]/g, '\\$&')}["'/]|\\b${name.replace(/[/.@-]/g, '\\$&')}\\b`,
        ).test(source)
      )
        found.push(`${file}: ${name}`)
    }
  }
  expect(found).toEqual([])
})
