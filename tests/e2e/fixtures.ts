import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'
import { simpleParser } from 'mailparser'
import { E2E_ADMIN, E2E_BASE_URL, E2E_DATA_DIR } from '../../playwright.config'

export interface Credentials {
  email: string
  password: string
}

/** A fresh reader's address and password (unique per call). */
export function newReader(): Credentials {
  const id = crypto.randomBytes(5).toString('hex')
  return { email: `reader-${id}@example.com`, password: `pw-${id}-long-enough` }
}

export async function signInThroughForm(page: Page, { email, password }: Credentials) {
  await page.goto('/signin')
  await page.getByRole('main').getByLabel('Email address').fill(email)
  await page.getByRole('main').getByLabel('Your Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).not.toHaveURL(/\/signin/)
}

export async function signUpThroughForm(page: Page, { email, password }: Credentials) {
  await page.goto('/signup')
  await page.getByRole('main').getByLabel('Email address').fill(email)
  await page.getByRole('main').getByLabel('Create a Password').fill(password)
  await page.getByRole('button', { name: 'Sign up', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('link', { name: 'Profile' }).first()).toBeVisible()
}

/**
 * Posts the sign-in or sign-up form as a browser without JavaScript would, through the page's
 * own cookie jar: the session cookie lands in the page's context without drawing the form and
 * the page it leads to. Setup for tests about something else; the forms themselves are tested
 * through their pages (site/auth-*.spec.ts). The welcome toast the redirect carries is dropped,
 * as the page it was meant for never showed.
 */
async function postAuthForm(page: Page, path: '/signin' | '/signup', form: Credentials) {
  const response = await page.request.post(path, {
    form: { email: form.email, password: form.password },
    maxRedirects: 0,
  })
  const location = response.headers()['location'] ?? ''
  if (response.status() !== 302 || /^\/(signin|signup|two-factor)/.test(location)) {
    throw new Error(
      `${path} as ${form.email} answered ${response.status()} (to "${location}"): ${(await response.text()).slice(0, 300)}`,
    )
  }
  await page.context().clearCookies({ name: 'broadsheet.toast' })
}

export const signInByRequest = (page: Page, credentials: Credentials) =>
  postAuthForm(page, '/signin', credentials)

export const signUpByRequest = (page: Page, credentials: Credentials) =>
  postAuthForm(page, '/signup', credentials)

/** A stored mail's text part (or its HTML's text, for a mail without one), decoded. */
async function decodeMail(raw: string): Promise<string> {
  const mail = await simpleParser(raw)
  return mail.text ?? (typeof mail.html === 'string' ? mail.html : '')
}

/**
 * The text of the newest mail to `to` in the e2e server's outbox (DATA_DIR/outbox), waiting
 * for it to arrive.
 */
export async function mailTo(to: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox')
  let found = ''
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(dir).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.eml'))
          .sort()
          .reverse()
        for (const name of names) {
          const raw = await fs.readFile(path.join(dir, name), 'utf8')
          if (new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) {
            found = await decodeMail(raw)
            return true
          }
        }
        return false
      },
      { message: `a mail to ${to}` },
    )
    .toBe(true)
  return found
}

export async function linkInMail(to: string, pattern: RegExp): Promise<string> {
  const text = await mailTo(to)
  const link = pattern.exec(text)?.[0]
  if (!link) throw new Error(`no link matching ${pattern} in the mail to ${to}:\n${text}`)
  return link
}

/**
 * The back office's display-name step, which a staff account without a name meets first: the
 * name given (the staff fixtures use the address's local part, what bylines showed before).
 */
export async function nameInBackOffice(page: Page, displayName: string) {
  await page.goto('/admin')
  await page.getByLabel('Display name').fill(displayName)
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByRole('heading', { name: 'Your name on the site' })).toHaveCount(0)
}

export type LoginRole = 'admin' | 'viewer' | 'contributor' | 'author' | 'editor'

/** What the staff login journey may take on a busy machine (a few seconds on a quiet one). */
const STAFF_LOGIN_MS = 30_000

const ROLE_LABELS = { contributor: 'Contributor', author: 'Author', editor: 'Editor' } as const

/**
 * `login('admin')` signs in as the e2e admin by posting the /signin form; `login('viewer')`
 * signs up a fresh reader by posting /signup (signed in at once). A staff role is a fresh reader
 * whom the admin gives the role on the Users screen, in a window of their own; the reader then
 * signs in again (a role change ends the old sessions) and gives the back office the display
 * name it asks for. Returns the credentials used.
 */
export const test = base.extend<{ login: (role: LoginRole) => Promise<Credentials> }>({
  login: async ({ page, browser }, provide, testInfo) => {
    await provide(async (role) => {
      if (role === 'admin') {
        await signInByRequest(page, E2E_ADMIN)
        return E2E_ADMIN
      }
      const reader = newReader()
      await signUpByRequest(page, reader)
      if (role === 'viewer') return reader
      // The staff journey below is four pages and two windows before the test's own steps: it
      // brings its own time rather than spending the test's.
      testInfo.setTimeout(testInfo.timeout + STAFF_LOGIN_MS)
      const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL })
      try {
        const admin = await adminContext.newPage()
        await signInByRequest(admin, E2E_ADMIN)
        await admin.goto('/admin/users')
        const row = admin.getByRole('row').filter({ hasText: reader.email })
        await row.getByRole('combobox', { name: `Role of ${reader.email}` }).click()
        await admin.getByRole('option', { name: ROLE_LABELS[role], exact: true }).click()
        await expect(row.getByText(role, { exact: true }).filter({ visible: true })).toBeVisible()
      } finally {
        await adminContext.close()
      }
      await page.context().clearCookies()
      await signInByRequest(page, reader)
      await nameInBackOffice(page, reader.email.split('@')[0])
      return reader
    })
  },
})

export { expect }
