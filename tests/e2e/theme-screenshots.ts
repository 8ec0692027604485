import type { Locator, Page } from '@playwright/test'

/**
 * Screenshots of `target` (the page, or a part of it) light and dark at 1366×768 and 375 px,
 * the theme switched in place as the page's own theme script does before first paint, so that
 * what the page shows once (a key, a token, a secret) stays on it. Back to 1366×768 after.
 */
export async function screenshotInEveryTheme(
  page: Page,
  target: Page | Locator,
  path: (width: number, scheme: 'light' | 'dark') => string,
) {
  for (const [scheme, width, height] of [
    ['light', 1366, 768],
    ['dark', 1366, 768],
    ['light', 375, 812],
    ['dark', 375, 812],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await page.evaluate((dark) => {
      const root = document.documentElement
      root.classList.toggle('dark', dark)
      root.classList.toggle('light', !dark)
      root.style.colorScheme = dark ? 'dark' : 'light'
    }, scheme === 'dark')
    await page.setViewportSize({ width, height })
    await target.screenshot({
      path: path(width, scheme),
      ...(target === page ? { fullPage: true } : {}),
    })
  }
  await page.setViewportSize({ width: 1366, height: 768 })
}
