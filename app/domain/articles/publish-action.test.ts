import { describe, expect, it } from 'vitest'
import { ARTICLE_STATUSES, type ArticleStatus } from './articles-schema'
import { publishAction } from './publish-action'

const now = new Date('2026-11-26T14:00:00Z')
const editor = ARTICLE_STATUSES
const writer: ArticleStatus[] = ['draft', 'review']

describe('publishAction', () => {
  it('offers "Publish" to whoever may publish a draft, new or saved', () => {
    expect(publishAction({ storedStatus: 'draft', choices: editor, publishedAt: '', now })).toEqual(
      { label: 'Publish', status: 'published' },
    )
    expect(
      publishAction({ storedStatus: 'review', choices: editor, publishedAt: '', now }),
    ).toEqual({ label: 'Publish', status: 'published' })
  })

  it('says "Schedule" once a time to come is chosen, "Publish" for a past one', () => {
    expect(
      publishAction({
        storedStatus: 'draft',
        choices: editor,
        publishedAt: '2026-11-27T06:00:00.000Z',
        now,
      }),
    ).toEqual({ label: 'Schedule', status: 'published' })
    expect(
      publishAction({
        storedStatus: 'draft',
        choices: editor,
        publishedAt: '2026-11-25T06:00:00.000Z',
        now,
      })?.label,
    ).toBe('Publish')
  })

  it('offers nothing beside "Update Article" for an article already published or scheduled', () => {
    expect(
      publishAction({ storedStatus: 'published', choices: editor, publishedAt: '', now }),
    ).toBeNull()
    expect(
      publishAction({
        storedStatus: 'published',
        choices: editor,
        publishedAt: '2026-12-01T06:00:00.000Z',
        now,
      }),
    ).toBeNull()
  })

  it('offers "Submit for review" to a writer who may not publish, until it is submitted', () => {
    expect(publishAction({ storedStatus: 'draft', choices: writer, publishedAt: '', now })).toEqual(
      { label: 'Submit for review', status: 'review' },
    )
    expect(
      publishAction({ storedStatus: 'review', choices: writer, publishedAt: '', now }),
    ).toBeNull()
    expect(
      publishAction({ storedStatus: 'draft', choices: ['draft'], publishedAt: '', now }),
    ).toBeNull()
  })
})
