import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'

// Issue 36: the newsletter's layout as a reader's mail client draws it, at a phone's 375 px and
// a desktop client's 600 px, in light and dark colours. The HTML is the fixed three-story
// digest that app/domain/newsletter/newsletter-mail.server.test.ts renders and commits beside
// this spec; a change of markup changes that file, a change of layout these screenshots.
//
// Deterministic fonts: every family the mail names is served from one set of files (Liberation,
// metric-compatible with Georgia/Times and Arial/Helvetica), whatever the machine's fontconfig
// would pick; the pictures are one plain image.

const html = fs.readFileSync(
  path.join(import.meta.dirname, 'newsletter-mail-layout.digest.html'),
  'utf8',
)
const FONTS = '/usr/share/fonts/truetype/liberation'
const faces = [
  { families: ['Georgia', 'Cambria', 'Times New Roman', 'Times'], file: 'LiberationSerif' },
  { families: ['Segoe UI', 'Roboto', 'Helvetica', 'Arial'], file: 'LiberationSans' },
]
const fontCss = faces
  .flatMap(({ families, file }) =>
    families.flatMap((family) =>
      (['Regular', 'Bold'] as const).map(
        (weight) =>
          `@font-face { font-family: '${family}'; font-weight: ${weight === 'Bold' ? '600 900' : '100 500'}; src: url(https://fonts.test/${file}-${weight}.ttf); }`,
      ),
    ),
  )
  .join('\n')

for (const width of [375, 600]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the three-story digest at ${width} px, ${scheme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.emulateMedia({ colorScheme: scheme })
      const picture = await sharp({
        create: { width: 1120, height: 630, channels: 3, background: '#5b7a8c' },
      })
        .png()
        .toBuffer()
      await page.route('https://news.example.com/**', (route) =>
        route.fulfill({ body: picture, contentType: 'image/png' }),
      )
      await page.route('https://fonts.test/*', (route) =>
        route.fulfill({
          body: fs.readFileSync(
            path.join(FONTS, path.basename(new URL(route.request().url()).pathname)),
          ),
          contentType: 'font/ttf',
        }),
      )
      await page.setContent(html.replace('</head>', `<style>${fontCss}</style></head>`), {
        waitUntil: 'load',
      })
      await page.evaluate(() => document.fonts.ready)
      // Two phone screens (667 px each) hold all three stories and the footer, at either width.
      const height = await page.evaluate(() => document.documentElement.scrollHeight)
      expect(height).toBeLessThanOrEqual(2 * 667)
      await expect(page).toHaveScreenshot(`digest-${width}-${scheme}.png`, {
        fullPage: true,
        maxDiffPixelRatio: 0.001,
      })
    })
  }
}
