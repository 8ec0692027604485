import { beforeAll, describe, expect, it } from 'vitest'
import { redirects } from '@db/schema/index'
import { findRedirect } from '~/domain/redirects/redirects.server'
import { getDb } from '~/infra/db.server'
import { requestAs, toastFrom } from '../../tests/setup/auth-fixtures'
import {
  callRoute,
  expectHomeRedirect,
  expectSignInRedirect,
  expectUnexpectedFailure,
  get,
  post,
  signedInCallers,
} from '../../tests/setup/admin-fixtures'
import { loader as exportCsv } from './admin.redirects.export'
import { action, loader } from './admin.redirects'

const URL = '/admin/redirects'
let callers: Awaited<ReturnType<typeof signedInCallers>>

beforeAll(async () => {
  callers = await signedInCallers()
})

const add = (fields: Record<string, string>) =>
  callRoute(action, post(callers.admin.cookie, URL, { intent: 'add', ...fields }))

describe('/admin/redirects', () => {
  it('refuses anonymous and viewer callers, and changes nothing for them', async () => {
    expectSignInRedirect(await callRoute(loader, get(null, URL)))
    expectHomeRedirect(await callRoute(loader, get(callers.viewer.cookie, URL)))
    const fields = { intent: 'add', fromPath: '/x', toPath: '/y', statusCode: '301' }
    expectSignInRedirect(await callRoute(action, post(null, URL, fields)))
    expectHomeRedirect(await callRoute(action, post(callers.viewer.cookie, URL, fields)))
    expectHomeRedirect(await callRoute(exportCsv, get(callers.viewer.cookie, `${URL}/export`)))
    expect(await getDb().select().from(redirects)).toEqual([])
  })

  it('starts empty, adds 301 and 410 by hand, lists them and deletes one', async () => {
    const empty = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(empty).toEqual({ total: 0, redirects: [] })
    const added = await add({ fromPath: '/2019/old/', toPath: '/about', statusCode: '301' })
    expect(await toastFrom(added)).toMatchObject({
      title: 'Redirect added',
      description: '/2019/old now leads to /about.',
    })
    await add({ fromPath: '/gone', toPath: '', statusCode: '410' })
    const list = await (await callRoute(loader, get(callers.admin.cookie, URL))).json()
    expect(list.total).toBe(2)
    expect(list.redirects.map((r: { fromPath: string }) => r.fromPath).sort()).toEqual([
      '/2019/old',
      '/gone',
    ])
    const gone = list.redirects.find((r: { fromPath: string }) => r.fromPath === '/gone')
    expect(gone).toMatchObject({ toPath: null, statusCode: 410, hits: 0, lastHitAt: null })
    const deleted = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'delete', id: String(gone.id) }),
    )
    expect(await toastFrom(deleted)).toMatchObject({ title: 'Redirect deleted' })
    const again = await callRoute(
      action,
      post(callers.admin.cookie, URL, { intent: 'delete', id: String(gone.id) }),
    )
    expect(again.status).toBe(404)
  })

  it('answers bad input with 4xx and the message under its field', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ fromPath: '', toPath: '/a', statusCode: '301' }, 400, 'fromPath'],
      [{ fromPath: 'nope', toPath: '/a', statusCode: '301' }, 400, 'fromPath'],
      [{ fromPath: '/a', toPath: '', statusCode: '301' }, 400, 'toPath'],
      [{ fromPath: '/a', toPath: '/b', statusCode: '307' }, 400, 'statusCode'],
      [{ fromPath: '/2019/old', toPath: '/b', statusCode: '301' }, 409, 'fromPath'],
    ]
    for (const [fields, status, field] of cases) {
      const response = await add(fields)
      expect(response.status, JSON.stringify(fields)).toBe(status)
      expect(Object.keys((await response.json()).fieldErrors ?? {})).toEqual([field])
    }
    const noFile = await callRoute(action, post(callers.admin.cookie, URL, { intent: 'import' }))
    expect(noFile.status).toBe(400)
  })

  it('imports a CSV file and exports every redirect as CSV', async () => {
    const form = new FormData()
    form.set('intent', 'import')
    form.set(
      'file',
      new File(['from,to,status\n/old-a,/about,301\n/old-b,,410\nbroken,/x,301\n'], 'r.csv', {
        type: 'text/csv',
      }),
    )
    const imported = await callRoute(
      action,
      requestAs(callers.admin.cookie, URL, { method: 'POST', body: form }),
    )
    expect(await toastFrom(imported)).toMatchObject({
      type: 'info',
      title: 'Redirects imported',
      description: expect.stringMatching(/^2 saved, 1 skipped \(line 4: /),
    })
    const csv = await callRoute(exportCsv, get(callers.admin.cookie, `${URL}/export`))
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="redirects-/)
    const lines = (await csv.text()).trim().split('\n')
    expect(lines[0]).toBe('from,to,status,source,hits,last_hit')
    expect(lines.slice(1).sort()).toEqual([
      '/2019/old,/about,301,manual,0,',
      '/old-a,/about,301,manual,0,',
      '/old-b,,410,manual,0,',
    ])
  })
})

describe('/admin/redirects when the unexpected happens', () => {
  it('answers 500 with the generic sentence in a toast and logs the request id', async () => {
    const added = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, {
        intent: 'add',
        fromPath: '/2020/lost',
        toPath: '/about',
        statusCode: '301',
      }),
      { table: 'redirects' },
    )
    expect(added.toast).toMatchObject({ type: 'error', title: 'Error adding redirect' })
    const deleted = await expectUnexpectedFailure(
      action,
      post(callers.admin.cookie, URL, { intent: 'delete', id: '1' }),
      { table: 'redirects' },
    )
    expect(deleted.toast).toMatchObject({ type: 'error', title: 'Error deleting redirect' })
    const form = new FormData()
    form.set('intent', 'import')
    form.set('file', new File(['/2020/lost,/about,301\n'], 'r.csv', { type: 'text/csv' }))
    const imported = await expectUnexpectedFailure(
      action,
      requestAs(callers.admin.cookie, URL, { method: 'POST', body: form }),
      { table: 'redirects' },
    )
    expect(imported.toast).toMatchObject({ type: 'error', title: 'Import failed' })
    expect(await findRedirect('/2020/lost')).toBeNull()
  })
})
