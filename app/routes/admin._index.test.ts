import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { createTestUser, sessionCookie } from '../../tests/setup/auth-fixtures'
import { callRoute, get } from '../../tests/setup/admin-fixtures'
import { insertArticle } from '../../tests/setup/content-fixtures'
import { loader as layoutLoader } from './admin'
import { loader as listLoader } from './admin.articles'
import { loader } from './admin._index'

type Role = 'contributor' | 'author' | 'editor' | 'admin'
const callers = {} as Record<Role, { id: string; cookie: string }>

beforeAll(async () => {
  for (const role of ['contributor', 'author', 'editor', 'admin'] as const) {
    const user = await createTestUser({ role })
    callers[role] = { id: user.id, cookie: await sessionCookie(user) }
  }
  const hour = 3_600_000
  const waited = (hours: number) => new Date(Date.now() - hours * hour)
  await insertArticle({ authorId: callers.contributor.id, status: 'draft', title: 'Own draft' })
  const submitted = await insertArticle({
    authorId: callers.contributor.id,
    status: 'review',
    title: 'Own submission',
  })
  const older = await insertArticle({
    authorId: callers.author.id,
    status: 'review',
    title: 'Older submission',
  })
  await insertArticle({ authorId: callers.author.id, status: 'published', title: 'Author piece' })
  // The queue orders by how long each has waited.
  await getDb()
    .update(articles)
    .set({ updatedAt: waited(2) })
    .where(eq(articles.id, submitted.id))
  await getDb()
    .update(articles)
    .set({ updatedAt: waited(5) })
    .where(eq(articles.id, older.id))
})

async function json(fn: Parameters<typeof callRoute>[0], role: Role, url: string) {
  const response = await callRoute(fn, get(callers[role].cookie, url))
  expect(response.status).toBe(200)
  return response.json()
}

describe('the dashboard by role', () => {
  it('shows admins the membership figures, and editors none', async () => {
    const admin = await json(loader, 'admin', '/admin')
    expect(admin.members.currency).toBe('USD')
    expect(admin.members.figures.months).toHaveLength(6)
    expect(admin.members.figures.payingMembers.at(-1)).toMatchObject({ value: 0 })
    expect((await json(loader, 'editor', '/admin')).members).toBeNull()
  })

  it('shows reviewers the newsroom and the review queue, the longest-waiting first', async () => {
    const body = await json(loader, 'editor', '/admin')
    expect(body.scope).toBe('newsroom')
    expect(body.totalArticles).toBeGreaterThanOrEqual(4)
    expect(body.reviewQueue.total).toBe(2)
    expect(body.reviewQueue.items.map((item: { title: string }) => item.title)).toEqual([
      'Older submission',
      'Own submission',
    ])
    expect(body.reviewQueue.items[1]).toMatchObject({ authorId: callers.contributor.id })
    expect(body.reviewQueue.items[1].writerName).toMatch(/^user-/)
    expect(body.recent[0]).toHaveProperty('authorId')
  })

  it('shows a writer the states of their own articles, and nothing of the newsroom', async () => {
    const body = await json(loader, 'contributor', '/admin')
    expect(body.scope).toBe('own')
    expect(body.counts).toEqual({ draft: 1, review: 1, published: 0, archived: 0, hidden: 0 })
    expect(body.recent.map((row: { title: string }) => row.title).sort()).toEqual([
      'Own draft',
      'Own submission',
    ])
    expect(body).not.toHaveProperty('reviewQueue')
    expect(body).not.toHaveProperty('users')
    const author = await json(loader, 'author', '/admin')
    expect(author.counts).toMatchObject({ review: 1, published: 1 })
  })
})

describe('the back-office shell by role', () => {
  it('gives reviewers the queue’s count for the sidebar, and everyone their role', async () => {
    const editor = await json(layoutLoader, 'editor', '/admin')
    expect(editor).toMatchObject({
      viewer: { id: callers.editor.id, role: 'editor' },
      badges: { reviewQueue: 2 },
    })
    const contributor = await json(layoutLoader, 'contributor', '/admin')
    expect(contributor).toMatchObject({
      viewer: { id: callers.contributor.id, role: 'contributor' },
      badges: { reviewQueue: null },
    })
  })

  it('lists each article with its author’s id, for the row actions the role allows', async () => {
    const body = await json(listLoader, 'contributor', '/admin/articles')
    expect(body.viewer).toEqual({ id: callers.contributor.id, role: 'contributor' })
    const own = body.page.items.find((row: { title: string }) => row.title === 'Own draft')
    expect(own).toMatchObject({ authorId: callers.contributor.id, status: 'draft' })
  })
})
