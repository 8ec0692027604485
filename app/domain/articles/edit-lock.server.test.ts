import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articleEditLocks, articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { articleFormSchema, type ArticleInput } from './articles-schema'
import { autosaveArticle, setArticleStatus, updateArticle } from './articles.server'
import { EDIT_LOCK_TTL_MS } from './edit-lock-rules'
import {
  claimEditLock,
  EditLockError,
  getEditLock,
  releaseEditLock,
  takeOverEditLock,
} from './edit-lock.server'

// The lock in the database and the writes that ask it, on a fixed clock (T0 and after).
const T0 = new Date('2026-03-02T09:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

type Staff = { id: string; role: 'contributor' | 'author' | 'editor' | 'admin'; name: string }
let ann: Staff
let bob: Staff
let cleo: Staff
let admin: Staff

async function staff(role: Staff['role'], name: string): Promise<Staff> {
  const user = await createTestUser({ role, email: `${name.toLowerCase()}-${role}@example.com` })
  return { id: user.id, role, name }
}

beforeAll(async () => {
  ann = await staff('editor', 'Ann')
  bob = await staff('editor', 'Bob')
  cleo = await staff('contributor', 'Cleo')
  admin = await staff('admin', 'Ada')
})

function input(overrides: Partial<ArticleInput> = {}): ArticleInput {
  return {
    ...articleFormSchema.parse({ title: 'Harbour works', content: '<p>Body</p>' }),
    ...overrides,
  }
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(EditLockError)
  return error as EditLockError
}

async function titleOf(id: number) {
  const [row] = await getDb()
    .select({ title: articles.title })
    .from(articles)
    .where(eq(articles.id, id))
  return row.title
}

describe('claiming, renewing and releasing', () => {
  it('takes a free lock, shows its holder to others, and keeps its "since" while renewed', async () => {
    const article = await insertArticle({ status: 'draft', authorId: ann.id })
    const first = await claimEditLock(article.id, ann, T0)
    expect(first).toMatchObject({ mine: true, holder: { id: ann.id, since: T0.toISOString() } })
    const other = await claimEditLock(article.id, bob, at(1000))
    expect(other.mine).toBe(false)
    expect(other.holder?.id).toBe(ann.id)
    expect(other.holder?.name).toMatch(/ann/i)
    // Renewed past the first minute: still Ann's, since T0.
    await claimEditLock(article.id, ann, at(30_000))
    await claimEditLock(article.id, ann, at(70_000))
    const later = await claimEditLock(article.id, bob, at(100_000))
    expect(later).toMatchObject({ mine: false, holder: { id: ann.id, since: T0.toISOString() } })
  })

  it('frees the lock a minute after its last renewal, for the next one to take', async () => {
    const article = await insertArticle({ status: 'draft' })
    await claimEditLock(article.id, ann, T0)
    expect(await getEditLock(article.id, at(EDIT_LOCK_TTL_MS - 1))).not.toBeNull()
    expect(await getEditLock(article.id, at(EDIT_LOCK_TTL_MS))).toBeNull()
    const taken = await claimEditLock(article.id, bob, at(EDIT_LOCK_TTL_MS))
    expect(taken).toMatchObject({ mine: true, holder: { id: bob.id } })
  })

  it('is released by its holder only', async () => {
    const article = await insertArticle({ status: 'draft' })
    await claimEditLock(article.id, ann, T0)
    expect(await releaseEditLock(article.id, bob)).toBe(false)
    expect((await getEditLock(article.id, at(1)))?.id).toBe(ann.id)
    expect(await releaseEditLock(article.id, ann)).toBe(true)
    expect(await getEditLock(article.id, at(2))).toBeNull()
  })

  it('is taken only by someone who may edit the article', async () => {
    const othersDraft = await insertArticle({ status: 'draft', authorId: ann.id })
    const refused = await refusal(claimEditLock(othersDraft.id, cleo, T0))
    expect(refused.code).toBe('EDIT_REFUSED')
    expect(refused.status).toBe(403)
    expect((await refusal(takeOverEditLock(othersDraft.id, cleo, T0))).code).toBe('EDIT_REFUSED')
    expect((await refusal(claimEditLock(999_999_999, ann, T0))).code).toBe('NOT_FOUND')
    // Her own draft: hers to lock; and one she co-writes (issue 40).
    const own = await insertArticle({ status: 'draft', authorId: cleo.id })
    expect((await claimEditLock(own.id, cleo, T0)).mine).toBe(true)
    const shared = await insertArticle({
      status: 'draft',
      authorId: ann.id,
      coAuthorIds: [cleo.id],
    })
    expect((await claimEditLock(shared.id, cleo, T0)).mine).toBe(true)
    expect(
      await getDb()
        .select()
        .from(articleEditLocks)
        .where(eq(articleEditLocks.articleId, othersDraft.id)),
    ).toEqual([])
  })
})

describe('taking over', () => {
  it('moves the lock; the former holder hears it at her next check-in', async () => {
    const article = await insertArticle({ status: 'draft' })
    await claimEditLock(article.id, ann, T0)
    const taken = await takeOverEditLock(article.id, bob, at(5000))
    expect(taken).toMatchObject({ mine: true, takenFrom: ann.id, holder: { id: bob.id } })
    expect(await claimEditLock(article.id, ann, at(6000))).toMatchObject({
      mine: false,
      holder: { id: bob.id, since: at(5000).toISOString() },
    })
  })

  it('an admin takes over from anyone, and anyone who may edit takes it back', async () => {
    const article = await insertArticle({ status: 'published' })
    await claimEditLock(article.id, ann, T0)
    expect((await takeOverEditLock(article.id, admin, at(1000))).takenFrom).toBe(ann.id)
    expect((await takeOverEditLock(article.id, ann, at(2000))).takenFrom).toBe(admin.id)
  })
})

describe('writes under the lock', () => {
  it('refuses a save and an autosave from someone who does not hold it, and writes nothing', async () => {
    const article = await insertArticle({ status: 'draft', title: 'Before' })
    await claimEditLock(article.id, ann, T0)
    const saved = await refusal(
      updateArticle(article.id, input({ title: 'Bob was here' }), bob, { now: at(1000) }),
    )
    expect(saved.code).toBe('LOCKED')
    expect(saved.status).toBe(423)
    expect(saved.message).toMatch(/is editing this article now, so your changes were not saved/)
    const autosaved = await refusal(
      autosaveArticle(article.id, input({ title: 'Bob again' }), bob, { now: at(2000) }),
    )
    expect(autosaved.code).toBe('LOCKED')
    // Publishing is a save too.
    const published = await refusal(
      updateArticle(article.id, input({ status: 'published' }), bob, { now: at(3000) }),
    )
    expect(published.code).toBe('LOCKED')
    expect(await titleOf(article.id)).toBe('Before')
  })

  it('lets the holder save, and anyone once the lock has expired or was taken over', async () => {
    const article = await insertArticle({ status: 'draft', title: 'Before' })
    await claimEditLock(article.id, ann, T0)
    await updateArticle(article.id, input({ title: 'Ann’s' }), ann, { now: at(1000) })
    expect(await titleOf(article.id)).toBe('Ann’s')
    await autosaveArticle(article.id, input({ title: 'Ann’s draft' }), ann, { now: at(2000) })
    expect(await titleOf(article.id)).toBe('Ann’s draft')
    // Expired: a free lock lets a save through without taking it.
    await updateArticle(article.id, input({ title: 'Bob’s' }), bob, { now: at(EDIT_LOCK_TTL_MS) })
    expect(await titleOf(article.id)).toBe('Bob’s')
    // Bob takes it; Ann is refused now, and Bob saves.
    await takeOverEditLock(article.id, bob, at(EDIT_LOCK_TTL_MS + 1000))
    expect(
      (await refusal(updateArticle(article.id, input(), ann, { now: at(EDIT_LOCK_TTL_MS + 2000) })))
        .code,
    ).toBe('LOCKED')
    await updateArticle(article.id, input({ title: 'Bob’s again' }), bob, {
      now: at(EDIT_LOCK_TTL_MS + 3000),
    })
    expect(await titleOf(article.id)).toBe('Bob’s again')
  })

  it('does not hold the dashboard’s Hide: taking a story down never waits on an open tab', async () => {
    const article = await insertArticle({ status: 'published' })
    await claimEditLock(article.id, ann, T0)
    const hidden = await setArticleStatus(article.id, 'hide', bob, { now: at(1000) })
    expect(hidden.status).toBe('hidden')
  })
})
