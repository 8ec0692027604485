import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { newsletterLists, newsletterSubscribers, newsletterSubscriptions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { unsubscribeOneClick } from './unsubscribe.server'
import { unsubscribeToken } from './unsubscribe-token.server'

async function makeList(slug: string) {
  const [list] = await getDb()
    .insert(newsletterLists)
    .values({ slug, name: `Alerts ${slug}`, kind: 'alert' })
    .returning()
  return list
}

describe('one-click unsubscribe', () => {
  it('takes the address off that list only, and succeeds again when repeated', async () => {
    const list = await makeList('leaving')
    const other = await makeList('staying')
    const [reader] = await getDb()
      .insert(newsletterSubscribers)
      .values({ email: 'reader@example.test', confirmToken: 'token-1', confirmedAt: new Date() })
      .returning()
    await getDb()
      .insert(newsletterSubscriptions)
      .values([list, other].map((l) => ({ subscriberId: reader.id, listId: l.id })))
    const token = unsubscribeToken({ subscriberId: reader.id, listId: list.id })
    await unsubscribeOneClick(token)
    await unsubscribeOneClick(token)
    const left = await getDb()
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, reader.id))
    expect(left.map((s) => s.listId)).toEqual([other.id])
    await expect(unsubscribeOneClick(`${token.slice(0, -2)}xx`)).rejects.toMatchObject({
      code: 'INVALID_TOKEN',
    })
  })
})
