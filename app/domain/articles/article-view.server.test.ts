import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearContent,
  insertArticle,
  insertCategory,
  insertTag,
} from '../../../tests/setup/content-fixtures'
import { getArticlePreviewView, previewArticleInput, toArticleView } from './article-view.server'
import { getPublishedArticleBySlug } from './articles-queries.server'
import { articleDraftSchema } from './articles-schema'

const NOW = new Date('2026-03-10T12:00:00Z')
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')

beforeEach(clearContent)

describe('toArticleView', () => {
  it('draws a public article: sanitised body, worded date, reading time from the stored count', async () => {
    const category = await insertCategory({ name: 'Science', slug: 'science' })
    const tag = await insertTag({ name: 'Moon', slug: 'moon' })
    await insertArticle({
      slug: 'landing',
      title: 'Landing',
      content: `<p onclick="x()">${words(201)}</p><script>alert(1)</script>`,
      publishedAt: new Date('2026-01-05T10:00:00Z'),
      categoryId: category.id,
      tagIds: [tag.id],
      hasVideo: true,
      videoUrl: 'https://vimeo.com/76979871',
    })
    const view = toArticleView((await getPublishedArticleBySlug('landing'))!, NOW)
    expect(view).toMatchObject({
      title: 'Landing',
      categoryName: 'Science',
      categorySlug: 'science',
      publishedIso: '2026-01-05T10:00:00.000Z',
      publishedLabel: 'January 5, 2026 at 10:00 AM',
      readingMinutes: 2,
      video: { kind: 'iframe', src: 'https://player.vimeo.com/video/76979871' },
      tags: [{ id: tag.id, name: 'Moon', slug: 'moon' }],
    })
    expect(view.contentHtml).toBe(`<p>${words(201)}</p>`)
  })

  it('words its publication, a later change and its corrections in the paper’s time zone', async () => {
    await insertArticle({ slug: 'vote', publishedAt: new Date('2026-11-28T05:16:00Z') })
    const article = (await getPublishedArticleBySlug('vote'))!
    const correction = {
      id: 1,
      text: 'An earlier version misspelt the mayor’s name.',
      correctedAt: new Date('2026-11-29T23:30:00Z'),
    }
    const sameDay = toArticleView(
      { ...article, revisedAt: new Date('2026-11-28T14:05:00Z'), corrections: [correction] },
      NOW,
      'Europe/Paris',
    )
    expect(sameDay).toMatchObject({
      publishedIso: '2026-11-28T05:16:00.000Z',
      publishedLabel: 'November 28, 2026 at 6:16 AM',
      updatedIso: '2026-11-28T14:05:00.000Z',
      updatedLabel: '3:05 PM',
      // 23:30 UTC is already the next day in Paris.
      corrections: [
        { correctedIso: '2026-11-29T23:30:00.000Z', correctedLabel: 'November 30, 2026' },
      ],
    })
    const nextDay = toArticleView(
      { ...article, revisedAt: new Date('2026-11-29T09:40:00Z') },
      NOW,
      'UTC',
    )
    expect(nextDay).toMatchObject({
      publishedLabel: 'November 28, 2026 at 5:16 AM',
      updatedLabel: 'November 29, 2026 at 9:40 AM',
    })
  })
})

describe('the preview', () => {
  it('shows a stored article of any status, dated as if it went out now', async () => {
    const draft = await insertArticle({ title: 'Unfinished', status: 'draft' })
    const view = await getArticlePreviewView(draft.id, NOW)
    expect(view).toMatchObject({
      id: draft.id,
      status: 'draft',
      unsaved: false,
      scheduledLabel: null,
      publishedLabel: 'March 10, 2026 at 12:00 PM',
    })
    expect(await getArticlePreviewView(987654, NOW)).toBeNull()
  })

  it('says when a published article is scheduled', async () => {
    const later = await insertArticle({ publishedAt: new Date('2026-04-01T08:30:00Z') })
    expect(await getArticlePreviewView(later.id, NOW)).toMatchObject({
      status: 'published',
      scheduledLabel: 'April 1, 2026 at 8:30 AM (UTC)',
    })
  })

  it('shows unsaved values with their names looked up and the body counted as a save would', async () => {
    const category = await insertCategory({ name: 'Sport', slug: 'sport' })
    const tag = await insertTag({ name: 'Derby', slug: 'derby' })
    const input = articleDraftSchema.parse({
      title: 'Cup final',
      content: `<p><strong>re</strong>write ${words(199)}</p>`,
      categoryId: String(category.id),
      tags: [String(tag.id)],
      newTags: ['Brand new'],
    })
    const view = await previewArticleInput(input, { id: null, fallbackAuthorName: 'desk' }, NOW)
    expect(view).toMatchObject({
      id: null,
      unsaved: true,
      status: 'draft',
      categoryName: 'Sport',
      authors: [{ name: 'desk' }],
      // 200 words, one minute: "<strong>re</strong>write" is one word, not two.
      readingMinutes: 1,
      tags: [
        { id: tag.id, name: 'Derby', slug: 'derby' },
        // Not created yet, so no page to link to.
        { id: 'new-Brand new', name: 'Brand new', slug: null },
      ],
    })
  })
})
