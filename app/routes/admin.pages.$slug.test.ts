import { beforeAll, describe, expect, it } from 'vitest'
import { staticPages } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { loader as listPages } from './admin.pages._index'
import { action, loader } from './admin.pages.$slug'

let callers: Awaited<ReturnType<typeof signedInCallers>>

beforeAll(async () => {
  callers = await signedInCallers()
})

describe('/admin/pages', () => {
  it('refuses anonymous and viewer callers', async () => {
    expectSignInRedirect(await callRoute(listPages, get(null, '/admin/pages')))
    expectHomeRedirect(
      await callRoute(loader, get(callers.viewer.cookie, '/admin/pages/about'), { slug: 'about' }),
    )
    expectHomeRedirect(
      await callRoute(
        action,
        post(callers.viewer.cookie, '/admin/pages/about', { title: 'x', content: '' }),
        { slug: 'about' },
      ),
    )
    expect(await getDb().select().from(staticPages)).toHaveLength(0)
  })

  it('lists the four pages', async () => {
    const response = await callRoute(listPages, get(callers.admin.cookie, '/admin/pages'))
    const { pages } = await response.json()
    expect(pages.map((p: { slug: string }) => p.slug)).toEqual([
      'about',
      'contact',
      'privacy',
      'terms',
    ])
  })

  it('saves a page with its HTML sanitised', async () => {
    const response = await callRoute(
      action,
      post(callers.admin.cookie, '/admin/pages/contact', {
        intent: 'save',
        title: 'Write to us',
        content:
          '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script>',
      }),
      { slug: 'contact' },
    )
    expect(response.status).toBe(302)
    expect(await toastFrom(response)).toMatchObject({ title: 'Page saved' })
    const [row] = await getDb().select().from(staticPages)
    expect(row).toMatchObject({
      slug: 'contact',
      title: 'Write to us',
      content: '<p>Hi <a>there</a></p>',
    })
    // The list words the day it was saved as every back-office list does (lib/dates.ts).
    const { pages } = await (
      await callRoute(listPages, get(callers.admin.cookie, '/admin/pages'))
    ).json()
    const saved = pages.find((p: { slug: string }) => p.slug === 'contact')
    expect(saved.updatedLabel).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
    expect(pages.find((p: { slug: string }) => p.slug === 'terms').updatedLabel).toBeNull()
  })

  it("answers 'Title is required' and 404 for other pages", async () => {
    const response = await callRoute(
      action,
      post(callers.admin.cookie, '/admin/pages/terms', { intent: 'save', title: ' ', content: '' }),
      { slug: 'terms' },
    )
    expect(response.status).toBe(400)
    expect((await response.json()).fieldErrors).toEqual({ title: ['Title is required'] })
    const missing = await callRoute(loader, get(callers.admin.cookie, '/admin/pages/secret'), {
      slug: 'secret',
    })
    expect(missing.status).toBe(404)
  })
})

describe('/admin/pages/$slug when the unexpected happens', () => {
  it('answers 500 with the generic message and logs the request id', async () => {
    const body = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, '/admin/pages/about', {
        intent: 'save',
        title: 'About us',
        content: '<p>Hello</p>',
      }),
      { table: 'static_pages', params: { slug: 'about' } },
    )
    expect(body.toast).toMatchObject({ type: 'error', title: 'Error saving page' })
  })
})
