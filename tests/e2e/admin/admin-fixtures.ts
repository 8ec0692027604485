import type { Page } from '@playwright/test'

// The shared login('admin' | 'viewer') fixture (tests/e2e/fixtures.ts), plus small helpers.
export { expect, test } from '../fixtures'

/** A short token that keeps names unique within a run. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
}

/** A toast carrying the text, for messages that must appear. */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text }).first()
}
