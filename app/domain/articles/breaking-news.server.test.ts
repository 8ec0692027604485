import { describe, expect, it } from 'vitest'
import { articleTags } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { insertArticle, insertTag } from '../../../tests/setup/content-fixtures'
import { changesBreakingNews } from './breaking-news.server'

describe('changesBreakingNews', () => {
  it('sees the tag put on or taken off, and nothing when it stays as it was', async () => {
    const breaking = await insertTag({ name: 'Breaking News', slug: 'breaking-news' })
    const other = await insertTag()
    const plain = await insertArticle({ status: 'draft' })
    const flagged = await insertArticle({ status: 'published' })
    await getDb().insert(articleTags).values({ articleId: flagged.id, tagId: breaking.id })

    expect(await changesBreakingNews(plain.id, [other.id], [])).toBe(false)
    expect(await changesBreakingNews(plain.id, [breaking.id], [])).toBe(true)
    expect(await changesBreakingNews(plain.id, [], ['breaking news'])).toBe(true)
    expect(await changesBreakingNews(null, [breaking.id], [])).toBe(true)
    expect(await changesBreakingNews(flagged.id, [breaking.id, other.id], [])).toBe(false)
    expect(await changesBreakingNews(flagged.id, [other.id], [])).toBe(true)
  })
})
