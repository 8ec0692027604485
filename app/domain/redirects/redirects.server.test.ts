import { beforeEach, describe, expect, it } from 'vitest'
import { redirects } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { importRedirectsCsv, redirectsCsvStream } from './redirects-csv.server'
import {
  addRedirect,
  countRedirectHit,
  deleteRedirect,
  findRedirect,
  flushRedirectHits,
  listRedirects,
  recordMovedPath,
} from './redirects.server'

const all = async () =>
  (await getDb().select().from(redirects))
    .map((r) => `${r.fromPath}→${r.toPath ?? 'gone'} ${r.statusCode}`)
    .sort()

beforeEach(async () => {
  await getDb().delete(redirects)
})

/** A move recorded as its callers do, in a transaction of their own. */
const moved = (from: string, to: string, options?: { wasPublic?: boolean }) =>
  getDb().transaction((tx) => recordMovedPath(tx, from, to, options))

describe('recordMovedPath', () => {
  it('records a 301 from the old address to the new one', async () => {
    await moved('/article/old', '/article/new')
    expect(await all()).toEqual(['/article/old→/article/new 301'])
    const [row] = await getDb().select().from(redirects)
    expect(row.source).toBe('slug')
  })

  it('collapses chains: A→B then B→C leaves A→C and B→C', async () => {
    await moved('/article/a', '/article/b')
    await moved('/article/b', '/article/c')
    expect(await all()).toEqual(['/article/a→/article/c 301', '/article/b→/article/c 301'])
  })

  it('never loops: moving back to an old address deletes the redirect from it', async () => {
    await moved('/article/a', '/article/b')
    await moved('/article/b', '/article/a')
    expect(await all()).toEqual(['/article/b→/article/a 301'])
    await moved('/article/a', '/article/b')
    expect(await all()).toEqual(['/article/a→/article/b 301'])
  })

  it('records nothing from an address that was never public, but moves what led to it', async () => {
    await moved('/article/draft', '/article/draft-2', { wasPublic: false })
    expect(await all()).toEqual([])
    await addRedirect(getDb(), { fromPath: '/old', toPath: '/article/x', statusCode: 302 })
    await moved('/article/x', '/article/y', { wasPublic: false })
    expect(await all()).toEqual(['/old→/article/y 302'])
  })

  it('ignores a move to the same address, whatever its spelling', async () => {
    await moved('/article/same/', '/Article/same')
    expect(await all()).toEqual([])
  })
})

describe('addRedirect', () => {
  it('stores 301, 302 and 410 (with no target), normalised', async () => {
    await addRedirect(getDb(), {
      fromPath: '/2019/03/Old/?p=1',
      toPath: '/article/new',
      statusCode: 301,
    })
    await addRedirect(getDb(), {
      fromPath: '/promo',
      toPath: 'https://shop.example/x',
      statusCode: 302,
    })
    await addRedirect(getDb(), { fromPath: '/gone', toPath: '/ignored', statusCode: 410 })
    expect(await all()).toEqual([
      '/2019/03/old→/article/new 301',
      '/gone→gone 410',
      '/promo→https://shop.example/x 302',
    ])
  })

  it('refuses bad input with a field and a message', async () => {
    const bad = [
      { fromPath: 'no-slash', toPath: '/x', statusCode: 301, field: 'fromPath' },
      { fromPath: '/', toPath: '/x', statusCode: 301, field: 'fromPath' },
      { fromPath: '/a', toPath: '/x', statusCode: 307, field: 'statusCode' },
      { fromPath: '/a', toPath: null, statusCode: 301, field: 'toPath' },
      { fromPath: '/a', toPath: 'javascript:alert(1)', statusCode: 301, field: 'toPath' },
      { fromPath: '/a/', toPath: '/A', statusCode: 301, field: 'toPath' },
    ]
    for (const { field, ...values } of bad)
      await expect(addRedirect(getDb(), values)).rejects.toMatchObject({
        name: 'RedirectError',
        status: 400,
        field,
      })
  })

  it('refuses a second redirect from one address by hand, and a loop', async () => {
    await addRedirect(getDb(), { fromPath: '/a', toPath: '/b', statusCode: 301 })
    await expect(
      addRedirect(getDb(), { fromPath: '/a', toPath: '/c', statusCode: 301 }),
    ).rejects.toMatchObject({ code: 'DUPLICATE', status: 409 })
    await addRedirect(getDb(), { fromPath: '/b', toPath: '/c', statusCode: 301 })
    await expect(
      addRedirect(getDb(), { fromPath: '/c', toPath: '/a', statusCode: 301 }),
    ).rejects.toMatchObject({ code: 'LOOP' })
  })

  it('takes a target on the site’s own origin as its path, loops and same path included', async () => {
    const site = getEnv().siteUrl
    const own = new URL(site)
    await expect(
      addRedirect(getDb(), { fromPath: '/a', toPath: `${site}/A/`, statusCode: 301 }),
    ).rejects.toMatchObject({ code: 'SAME_PATH', field: 'toPath' })
    const other = own.protocol === 'https:' ? 'http:' : 'https:'
    await expect(
      addRedirect(getDb(), { fromPath: '/a', toPath: `${other}//${own.host}/a`, statusCode: 301 }),
    ).rejects.toMatchObject({ code: 'SAME_PATH' })
    await addRedirect(getDb(), { fromPath: '/a', toPath: `${site}/b?ref=x`, statusCode: 301 })
    await expect(
      addRedirect(getDb(), { fromPath: '/b', toPath: `${site}/a`, statusCode: 302 }),
    ).rejects.toMatchObject({ code: 'LOOP', status: 400 })
    // A row kept from before, with our origin in its target, is followed as its path.
    await getDb()
      .insert(redirects)
      .values({ fromPath: '/c', toPath: `${site}/d`, statusCode: 301 })
    await expect(
      addRedirect(getDb(), { fromPath: '/d', toPath: '/c', statusCode: 301 }),
    ).rejects.toMatchObject({ code: 'LOOP' })
    // Another site with the same path is not ours.
    await addRedirect(getDb(), {
      fromPath: '/e',
      toPath: 'https://elsewhere.example/e',
      statusCode: 301,
    })
    expect(await all()).toEqual([
      '/a→/b 301',
      `/c→${site}/d 301`,
      '/e→https://elsewhere.example/e 301',
    ])
  })

  it('lets an import move what an earlier import made, never a redirect kept by hand', async () => {
    const imported = { statusCode: 301, source: 'import' as const }
    await addRedirect(getDb(), { fromPath: '/kept', toPath: '/about', statusCode: 302 })
    await addRedirect(getDb(), {
      ...imported,
      fromPath: 'https://old.example/Story/',
      toPath: '/a',
    })
    await addRedirect(getDb(), { ...imported, fromPath: '/story', toPath: '/article/b' })
    await expect(
      addRedirect(getDb(), { ...imported, fromPath: '/kept', toPath: '/article/c' }),
    ).rejects.toMatchObject({ code: 'DUPLICATE' })
    await expect(
      addRedirect(getDb(), { ...imported, fromPath: '/about', toPath: '/kept' }),
    ).rejects.toMatchObject({ code: 'LOOP' })
    expect(await all()).toEqual(['/kept→/about 302', '/story→/article/b 301'])
  })
})

describe('findRedirect and hits', () => {
  it('finds a redirect whatever the request spelling, and counts its hits in a batch', async () => {
    const saved = await addRedirect(getDb(), {
      fromPath: '/Old Story',
      toPath: '/article/new',
      statusCode: 301,
    })
    const found = await findRedirect('/old%20story/?utm=1')
    expect(found).toEqual({ id: saved.id, toPath: '/article/new', statusCode: 301 })
    expect(await findRedirect('/other')).toBeNull()
    countRedirectHit(saved.id)
    countRedirectHit(saved.id)
    await flushRedirectHits()
    const [row] = await listRedirects()
    expect(row.hits).toBe(2)
    expect(row.lastHitAt).toBeInstanceOf(Date)
  })

  it('deletes one, and says when it is already gone', async () => {
    const saved = await addRedirect(getDb(), { fromPath: '/a', toPath: '/b', statusCode: 301 })
    await deleteRedirect(saved.id)
    await expect(deleteRedirect(saved.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('CSV', () => {
  it('imports lines with or without a header, reports bad lines, and exports them back', async () => {
    const result = await importRedirectsCsv(
      'from,to,status\n/old-1,/article/one,301\n"/old, two",/article/two,302\n/gone,,410\nbad,/x,301\n/old-3,/article/three,\n',
    )
    expect(result).toEqual({ saved: 4, errors: [{ line: 5, message: expect.any(String) }] })
    expect(await all()).toEqual([
      '/gone→gone 410',
      '/old%2C%20two→/article/two 302',
      '/old-1→/article/one 301',
      '/old-3→/article/three 301',
    ])
    let csv = ''
    for await (const chunk of redirectsCsvStream()) csv += String(chunk)
    const lines = csv.trim().split('\n')
    expect(lines[0]).toBe('from,to,status,source,hits,last_hit')
    expect(lines).toHaveLength(5)
    expect(lines).toContain('/gone,,410,manual,0,')
    // What was exported imports again to the same redirects.
    await getDb().delete(redirects)
    expect((await importRedirectsCsv(csv)).saved).toBe(4)
    expect(await all()).toHaveLength(4)
  })

  it('refuses a file that is not CSV, or has a line past the bound, with a 400 that says where', async () => {
    await expect(
      importRedirectsCsv('from,to\n/a,/about\n"/never closed,/about\n'),
    ).rejects.toMatchObject({
      code: 'INVALID_CSV',
      status: 400,
      message: 'The CSV file is not valid CSV at line 3.',
    })
    await expect(
      importRedirectsCsv(`from,to\n/${'a'.repeat(20_000)},/about\n`),
    ).rejects.toMatchObject({
      code: 'INVALID_CSV',
      status: 400,
      message: 'The CSV file has a line longer than 16 KB at line 2.',
    })
  })
})
