import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { profiles } from '@db/schema/index'
import { findAuthor } from '~/domain/authors/authors-queries.server'
import { keyUnkeyedUsernames } from '~/domain/users/users.server'
import { getDb } from '~/infra/db.server'
import { USERNAME_RESERVED, usernameKey } from '~/lib/username'
import { action as profileAction } from '~/routes/_site.profile'
import { action as signUpAction } from '~/routes/_site.signup'
import { createTestUser, formRequest, runRoute, sessionCookie } from '../setup/auth-fixtures'
import { insertArticle } from '../setup/content-fixtures'

async function signedIn() {
  const user = await createTestUser({ role: 'author' })
  return { ...user, cookie: await sessionCookie(user) }
}

function chooseUsername(cookie: string, username: string) {
  return runRoute(profileAction, formRequest(cookie, '/profile', { intent: 'username', username }))
}

async function usernameOf(id: string) {
  const [row] = await getDb()
    .select({ username: profiles.username, key: profiles.usernameKey })
    .from(profiles)
    .where(eq(profiles.id, id))
  return row
}

describe('usernames: one key for every comparison', () => {
  it('takes "ΟΔΟΣ" and "οδος" for one name (final sigma, upper case)', async () => {
    const first = await signedIn()
    const second = await signedIn()
    expect((await chooseUsername(first.cookie, 'ΟΔΟΣ')).status).toBe(302)
    const clash = await chooseUsername(second.cookie, 'οδος')
    expect(clash.status).toBe(400)
    expect(clash.data.fieldErrors.username).toEqual(['This username is already taken'])
    expect(await usernameOf(first.id)).toEqual({ username: 'ΟΔΟΣ', key: 'οδοσ' })
  })

  it('takes full-width letters for the plain ones (NFKC)', async () => {
    const first = await signedIn()
    const second = await signedIn()
    expect((await chooseUsername(first.cookie, 'marta')).status).toBe(302)
    expect((await chooseUsername(second.cookie, 'ＭＡＲＴＡ')).status).toBe(400)
  })

  it('finds the author page by any spelling of the name, and only its owner', async () => {
    const author = await signedIn()
    const other = await signedIn()
    await chooseUsername(author.cookie, 'Σοφία')
    await chooseUsername(other.cookie, 'sofia')
    await insertArticle({ authorId: author.id })
    await insertArticle({ authorId: other.id })
    for (const spelling of ['Σοφία', 'ΣΟΦΊΑ', 'σοφία']) {
      expect((await findAuthor(spelling))?.id, spelling).toBe(author.id)
    }
    expect((await findAuthor('SOFIA'))?.id).toBe(other.id)
  })

  it('holds uniqueness in the database too: two rows with one key cannot exist', async () => {
    const user = await createTestUser()
    await expect(
      getDb()
        .update(profiles)
        .set({ username: 'Desk', usernameKey: (await usernameOf(user.id)).key })
        .where(eq(profiles.id, (await createTestUser()).id)),
    ).rejects.toThrow()
  })

  it.each(['admin', 'API', 'signin', 'Ｐｒｏｆｉｌｅ', 'anna.data', 'search.DATA'])(
    'refuses the reserved name %s',
    async (name) => {
      const user = await signedIn()
      const refused = await chooseUsername(user.cookie, name)
      expect(refused.status).toBe(400)
      expect(refused.data.fieldErrors.username).toEqual([USERNAME_RESERVED])
      expect((await usernameOf(user.id)).username).not.toBe(name)
    },
  )

  it('keys the accounts of a backup made before usernames had keys, renaming a clash', async () => {
    const keyed = await createTestUser()
    const { username: taken } = await usernameOf(keyed.id)
    const restored = [await createTestUser(), await createTestUser()]
    await getDb()
      .update(profiles)
      .set({ username: 'Ὀδυσσεύς', usernameKey: null })
      .where(eq(profiles.id, restored[0].id))
    await getDb()
      .update(profiles)
      .set({ username: taken!.toUpperCase(), usernameKey: null })
      .where(eq(profiles.id, restored[1].id))
    expect(await keyUnkeyedUsernames()).toBe(2)
    expect(await usernameOf(restored[0].id)).toEqual({
      username: 'Ὀδυσσεύς',
      key: usernameKey('Ὀδυσσεύς'),
    })
    expect((await usernameOf(restored[1].id)).username).toBe(`${taken!.toUpperCase()}-2`)
  })

  it('never gives a new account a reserved name from its address', async () => {
    for (const email of ['admin@example.net', 'signin@example.net', 'notes.data@example.net']) {
      const res = await runRoute(
        signUpAction,
        formRequest(null, '/signup', { email, password: 'long-enough-1' }),
        { clientIp: '127.9.0.1' },
      )
      expect(res.status, email).toBeLessThan(400)
      const [row] = await getDb()
        .select({ username: profiles.username, key: profiles.usernameKey })
        .from(profiles)
        .where(eq(profiles.email, email))
      expect(row.username, email).toMatch(/^reader-/)
      expect(row.key).toBe(row.username!.toLowerCase())
    }
  })
})
