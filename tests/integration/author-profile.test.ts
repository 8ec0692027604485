import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mediaFiles, profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { action as profileAction, loader as profileLoader } from '~/routes/_site.profile'
import { action as authApiAction } from '~/routes/api.auth.$'
import { expectUnexpectedFailure, post as postAs } from '../setup/admin-fixtures'
import {
  createTestUser,
  formRequest,
  requestAs,
  runRoute,
  sessionCookie,
  toastFrom,
} from '../setup/auth-fixtures'
import { insertArticle } from '../setup/content-fixtures'

const UPLOADED = '/media/media/1700000000000-face.webp'

function save(cookie: string, fields: Record<string, string>) {
  return runRoute(
    profileAction,
    formRequest(cookie, '/profile', { intent: 'author-profile', ...fields }),
  )
}

async function stored(userId: string) {
  const [row] = await getDb()
    .select({ displayName: profiles.displayName, bio: profiles.bio, image: profiles.image })
    .from(profiles)
    .where(eq(profiles.id, userId))
  return row
}

async function staffMember(role: 'contributor' | 'author' | 'editor' | 'admin' = 'contributor') {
  const user = await createTestUser({ role })
  return { ...user, cookie: await sessionCookie(user) }
}

async function uploaded(name: string) {
  await getDb()
    .insert(mediaFiles)
    .values({ bucket: 'media', name, kind: 'image', contentType: 'image/webp', size: 100 })
    .onConflictDoNothing()
  return `/media/media/${name}`
}

describe('/profile: the author profile', () => {
  it('lets staff set a display name, a short bio and an uploaded picture', async () => {
    const writer = await staffMember()
    const picture = await uploaded('1700000000000-face.webp')
    const res = await save(writer.cookie, {
      displayName: '  Maya   Okafor ',
      bio: 'Covers the harbour\nand the council.',
      image: picture,
    })
    expect(res.location).toBe('/profile')
    expect(await toastFrom(new Response(null, { headers: res.headers }))).toMatchObject({
      type: 'success',
      title: 'Profile updated',
    })
    expect(await stored(writer.id)).toEqual({
      displayName: 'Maya Okafor',
      bio: 'Covers the harbour and the council.',
      image: UPLOADED,
    })
    const page = await runRoute(profileLoader, requestAs(writer.cookie, '/profile'))
    expect(page.data.author).toEqual({
      displayName: 'Maya Okafor',
      bio: 'Covers the harbour and the council.',
      image: UPLOADED,
      name: 'Maya Okafor',
      pagePath: null,
    })
    // The account part keeps its shape (docs/product.md §3).
    expect(Object.keys(page.data.user).sort()).toEqual(['email', 'username'])

    await insertArticle({ authorId: writer.id })
    const later = await runRoute(profileLoader, requestAs(writer.cookie, '/profile'))
    expect(later.data.author.pagePath).toMatch(/^\/author\//)
  })

  it('clears each field when it is sent empty, and leaves out what is not sent', async () => {
    const writer = await staffMember('editor')
    const picture = await uploaded('1700000000001-face.webp')
    await save(writer.cookie, { displayName: 'Desk', bio: 'A bio.', image: picture })
    await save(writer.cookie, { bio: '' })
    expect(await stored(writer.id)).toEqual({ displayName: 'Desk', bio: null, image: picture })
    await save(writer.cookie, { displayName: ' ', image: '' })
    expect(await stored(writer.id)).toEqual({ displayName: null, bio: null, image: null })
  })

  it('refuses an overlong name or bio with 400 and the messages under the fields', async () => {
    const writer = await staffMember()
    const long = await save(writer.cookie, { displayName: 'n'.repeat(81), bio: 'b'.repeat(301) })
    expect(long.status).toBe(400)
    expect(long.data).toMatchObject({
      ok: false,
      intent: 'author-profile',
      code: 'INVALID_FIELD',
      fieldErrors: {
        displayName: ['Display name must be at most 80 characters'],
        bio: ['Bio must be at most 300 characters'],
      },
    })
    expect(await stored(writer.id)).toEqual({ displayName: null, bio: null, image: null })
    const atLimit = await save(writer.cookie, {
      displayName: 'n'.repeat(80),
      bio: 'b'.repeat(300),
    })
    expect(atLimit.location).toBe('/profile')
  })

  it('takes a picture only if it was uploaded to this site', async () => {
    const writer = await staffMember()
    for (const image of [
      'https://tracker.example/pixel.png',
      '/media/media/never-uploaded.webp',
      '/media/pdf_newspapers/edition.pdf',
      'javascript:alert(1)',
      `/media/media/${'x'.repeat(2001)}`,
    ]) {
      const res = await save(writer.cookie, { image })
      expect(res.status, image.slice(0, 40)).toBe(400)
      expect(res.data.fieldErrors.image).toEqual(['Choose an image uploaded to this site'])
    }
    expect((await stored(writer.id)).image).toBeNull()
  })

  it('refuses a reader with 403: readers have no byline', async () => {
    const reader = await createTestUser({ role: 'viewer' })
    const cookie = await sessionCookie(reader)
    const page = await runRoute(profileLoader, requestAs(cookie, '/profile'))
    expect(page.data.author).toBeNull()
    const res = await save(cookie, { displayName: 'Pretend Reporter', bio: 'Hi.' })
    expect(res.status).toBe(403)
    expect(res.data).toMatchObject({ ok: false, code: 'NOT_STAFF', intent: 'author-profile' })
    expect(res.data.formError).toBeTruthy()
    expect(await stored(reader.id)).toEqual({ displayName: null, bio: null, image: null })
  })

  it('refuses a picture sent to better-auth over HTTP, keeping the stored one', async () => {
    const writer = await staffMember()
    const res = await runRoute(
      authApiAction,
      requestAs(writer.cookie, '/api/auth/update-user', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ image: 'https://tracker.example/pixel.png' }),
      }),
    )
    expect(res.status).toBe(400)
    expect(res.data.code).toBe('INVALID_FIELD')
    expect((await stored(writer.id)).image).toBeNull()
  })

  it('answers the unexpected with 500 and the generic sentence above the form, logged', async () => {
    const writer = await staffMember()
    const body = await expectUnexpectedFailure(
      profileAction,
      postAs(writer.cookie, '/profile', {
        intent: 'author-profile',
        image: '/media/media/1700000000002-face.webp',
      }),
      { table: 'media_files' },
    )
    expect(body).toMatchObject({ intent: 'author-profile' })
    expect(body.toast).toBeUndefined()
  })
})
