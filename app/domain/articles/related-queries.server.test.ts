import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearContent,
  insertArticle,
  insertCategory,
  insertTag,
} from '../../../tests/setup/content-fixtures'
import {
  getArticleEndings,
  listMoreInCategory,
  listRelatedArticles,
  MORE_IN_CATEGORY_LIMIT,
  RELATED_HALF_LIFE_DAYS,
} from './related-queries.server'

const DAY_HOURS = 24

// Every way an article can be invisible to readers; none may appear at another's end.
async function insertInvisible(extra: { categoryId?: number; tagIds?: number[] }) {
  await Promise.all([
    insertArticle({ ...extra, title: 'Draft story', status: 'draft' }),
    insertArticle({ ...extra, title: 'Review story', status: 'review' }),
    insertArticle({ ...extra, title: 'Archived story', status: 'archived' }),
    insertArticle({ ...extra, title: 'Hidden story', status: 'hidden' }),
    insertArticle({ ...extra, title: 'Scheduled story', status: 'published', hoursAgo: -5 }),
  ])
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id)

beforeEach(clearContent)

describe('listMoreInCategory', () => {
  it('lists the newest public articles of the same category, never the article itself', async () => {
    const politics = await insertCategory({ name: 'Politics' })
    const sports = await insertCategory({ name: 'Sports' })
    const article = await insertArticle({ categoryId: politics.id, hoursAgo: 3 })
    const newest = await insertArticle({ categoryId: politics.id, hoursAgo: 1 })
    const older = await insertArticle({ categoryId: politics.id, hoursAgo: 10 })
    await insertArticle({ categoryId: sports.id, hoursAgo: 2 })
    await insertArticle({ hoursAgo: 2 })
    await insertInvisible({ categoryId: politics.id })
    const more = await listMoreInCategory(article)
    expect(ids(more)).toEqual([newest.id, older.id])
    expect(more[0].categoryName).toBe('Politics')
  })

  it('stops at the limit, newest first', async () => {
    const category = await insertCategory()
    const article = await insertArticle({ categoryId: category.id })
    const stories = []
    for (let i = 0; i < 6; i++) {
      stories.push(await insertArticle({ categoryId: category.id, hoursAgo: i + 2 }))
    }
    expect(ids(await listMoreInCategory(article))).toEqual(
      ids(stories.slice(0, MORE_IN_CATEGORY_LIMIT)),
    )
  })

  it('is empty for a category with only this article, and for an uncategorised one', async () => {
    const lonely = await insertCategory()
    const only = await insertArticle({ categoryId: lonely.id })
    const uncategorised = await insertArticle()
    await insertArticle()
    expect(await listMoreInCategory(only)).toEqual([])
    expect(await listMoreInCategory(uncategorised)).toEqual([])
  })
})

describe('listRelatedArticles', () => {
  it('lists public articles sharing a tag, never the article itself nor the excluded', async () => {
    const transit = await insertTag({ name: 'Transit' })
    const other = await insertTag({ name: 'Other' })
    const article = await insertArticle({ tagIds: [transit.id] })
    const tagged = await insertArticle({ tagIds: [transit.id], hoursAgo: 2 })
    const excluded = await insertArticle({ tagIds: [transit.id], hoursAgo: 3 })
    await insertArticle({ tagIds: [other.id] })
    await insertArticle()
    await insertInvisible({ tagIds: [transit.id] })
    expect(ids(await listRelatedArticles(article.id))).toEqual([tagged.id, excluded.id])
    expect(ids(await listRelatedArticles(article.id, { excludeIds: [excluded.id] }))).toEqual([
      tagged.id,
    ])
  })

  it('ranks more shared tags first at the same age, and newer first at the same count', async () => {
    const [a, b, c] = await Promise.all([insertTag(), insertTag(), insertTag()])
    const article = await insertArticle({ tagIds: [a.id, b.id, c.id] })
    const oneTag = await insertArticle({ tagIds: [a.id], hoursAgo: 5 })
    const threeTags = await insertArticle({ tagIds: [a.id, b.id, c.id], hoursAgo: 5 })
    const twoTags = await insertArticle({ tagIds: [b.id, c.id], hoursAgo: 5 })
    const oneTagNewer = await insertArticle({ tagIds: [c.id], hoursAgo: 2 })
    expect(ids(await listRelatedArticles(article.id))).toEqual([
      threeTags.id,
      twoTags.id,
      oneTagNewer.id,
      oneTag.id,
    ])
  })

  it('weighs shared tags by recency: the weight halves every half-life', async () => {
    const [a, b] = await Promise.all([insertTag(), insertTag()])
    const article = await insertArticle({ tagIds: [a.id, b.id] })
    const halfLifeHours = RELATED_HALF_LIFE_DAYS * DAY_HOURS
    // Two tags, a little less than one half-life old: still above one tag today.
    const twoRecent = await insertArticle({ tagIds: [a.id, b.id], hoursAgo: halfLifeHours - 24 })
    const oneToday = await insertArticle({ tagIds: [a.id], hoursAgo: 1 })
    // Two tags, two half-lives old (weight 0.5): below one tag a week old (about 0.85).
    const twoOld = await insertArticle({ tagIds: [a.id, b.id], hoursAgo: 2 * halfLifeHours })
    const oneWeek = await insertArticle({ tagIds: [b.id], hoursAgo: 7 * DAY_HOURS })
    expect(ids(await listRelatedArticles(article.id))).toEqual([
      twoRecent.id,
      oneToday.id,
      oneWeek.id,
      twoOld.id,
    ])
  })

  it("counts only each tag's newest articles as candidates, a shared tag counted in each", async () => {
    const [a, b] = await Promise.all([insertTag(), insertTag()])
    const article = await insertArticle({ tagIds: [a.id, b.id] })
    // Made in this order (ids ascending): with two candidates a tag, `first` is among a's
    // newest two no more, but still among b's.
    const first = await insertArticle({ tagIds: [a.id, b.id], hoursAgo: 3 })
    const second = await insertArticle({ tagIds: [a.id], hoursAgo: 2 })
    const third = await insertArticle({ tagIds: [a.id], hoursAgo: 1 })
    const onlyB = await insertArticle({ tagIds: [b.id], hoursAgo: 4 })
    expect(ids(await listRelatedArticles(article.id, { candidatesPerTag: 2 }))).toEqual([
      third.id,
      second.id,
      first.id,
      onlyB.id,
    ])
    // With every candidate, `first` shares both tags and leads.
    expect(ids(await listRelatedArticles(article.id))[0]).toBe(first.id)
  })

  it('ignores the breaking-news tag: urgency is not a subject', async () => {
    const breaking = await insertTag({ name: 'Breaking News', slug: 'breaking-news' })
    const article = await insertArticle({ tagIds: [breaking.id] })
    await insertArticle({ tagIds: [breaking.id] })
    expect(await listRelatedArticles(article.id)).toEqual([])
  })

  it('is empty for an article without tags', async () => {
    const tag = await insertTag()
    const article = await insertArticle()
    await insertArticle({ tagIds: [tag.id] })
    expect(await listRelatedArticles(article.id)).toEqual([])
  })
})

describe('getArticleEndings', () => {
  it('keeps the stories of "More in" out of the related ones', async () => {
    const category = await insertCategory()
    const tag = await insertTag()
    const article = await insertArticle({ categoryId: category.id, tagIds: [tag.id] })
    const sameCategoryTagged = await insertArticle({ categoryId: category.id, tagIds: [tag.id] })
    const elsewhereTagged = await insertArticle({ tagIds: [tag.id] })
    const endings = await getArticleEndings(article)
    expect(ids(endings.moreInCategory)).toEqual([sameCategoryTagged.id])
    expect(ids(endings.related)).toEqual([elsewhereTagged.id])
  })

  it('has nothing to show for a lone article', async () => {
    const article = await insertArticle({ categoryId: (await insertCategory()).id })
    expect(await getArticleEndings(article)).toEqual({ moreInCategory: [], related: [] })
  })
})
