import { describe, expect, it } from 'vitest'
import {
  isLive,
  isScheduled,
  isSlugLocked,
  nextPublishedAt,
  shouldRegenerateSlug,
  statusAfterAction,
} from './article-rules'
import { isEmptyEditorHtml } from './articles-schema'

const NOW = new Date('2025-06-01T12:00:00Z')
const EARLIER = new Date('2025-05-01T08:00:00Z')
const LATER = new Date('2025-07-01T08:00:00Z')

describe('nextPublishedAt', () => {
  it('stamps the current time when an article becomes published', () => {
    expect(nextPublishedAt(null, 'published', null, NOW)).toEqual(NOW)
    expect(nextPublishedAt({ status: 'draft', publishedAt: null }, 'published', null, NOW)).toEqual(
      NOW,
    )
  })

  it('keeps the first publication date while the article stays published', () => {
    expect(
      nextPublishedAt({ status: 'published', publishedAt: EARLIER }, 'published', null, NOW),
    ).toEqual(EARLIER)
  })

  it('uses the date the editor chose, in the future to schedule', () => {
    expect(nextPublishedAt(null, 'published', LATER, NOW)).toEqual(LATER)
    expect(
      nextPublishedAt({ status: 'published', publishedAt: EARLIER }, 'published', LATER, NOW),
    ).toEqual(LATER)
  })

  it('clears the date when the article leaves published', () => {
    for (const status of ['draft', 'review', 'archived'] as const) {
      expect(
        nextPublishedAt({ status: 'published', publishedAt: EARLIER }, status, LATER, NOW),
      ).toBeNull()
    }
  })

  it('keeps the date of a hidden article so that Show republishes it under that date', () => {
    const hidden = nextPublishedAt(
      { status: 'published', publishedAt: EARLIER },
      'hidden',
      null,
      NOW,
    )
    expect(hidden).toEqual(EARLIER)
    expect(
      nextPublishedAt({ status: 'hidden', publishedAt: hidden }, 'published', null, NOW),
    ).toEqual(EARLIER)
  })

  it('publishes a never-published hidden article at the current time', () => {
    expect(
      nextPublishedAt({ status: 'hidden', publishedAt: null }, 'published', null, NOW),
    ).toEqual(NOW)
  })

  it('does not revive the old date of an archived article', () => {
    expect(
      nextPublishedAt({ status: 'archived', publishedAt: EARLIER }, 'published', null, NOW),
    ).toEqual(NOW)
  })
})

describe('status actions', () => {
  it('maps Archive, Hide and Show to statuses', () => {
    expect(statusAfterAction('archive')).toBe('archived')
    expect(statusAfterAction('hide')).toBe('hidden')
    expect(statusAfterAction('show')).toBe('published')
  })
})

describe('scheduling', () => {
  it('is scheduled when published with a future date, and live once the date has passed', () => {
    const state = { status: 'published' as const, publishedAt: LATER }
    expect(isScheduled(state, NOW)).toBe(true)
    expect(isLive(state, NOW)).toBe(false)
    expect(isScheduled(state, new Date(LATER.getTime() + 1))).toBe(false)
    expect(isLive(state, new Date(LATER.getTime() + 1))).toBe(true)
  })

  it('is neither for any other status', () => {
    for (const status of ['draft', 'review', 'archived', 'hidden'] as const) {
      expect(isScheduled({ status, publishedAt: LATER }, NOW)).toBe(false)
      expect(isLive({ status, publishedAt: EARLIER }, NOW)).toBe(false)
    }
  })
})

describe('slug stability', () => {
  it('follows the title of an unpublished draft', () => {
    expect(isSlugLocked({ status: 'draft', publishedAt: null })).toBe(false)
    expect(
      shouldRegenerateSlug({ status: 'review', publishedAt: null, title: 'Old' }, 'New title'),
    ).toBe(true)
  })

  it('does not change when the title is the same', () => {
    expect(
      shouldRegenerateSlug({ status: 'draft', publishedAt: null, title: 'Same' }, ' Same '),
    ).toBe(false)
  })

  it('is fixed once the article has been published', () => {
    for (const status of ['published', 'hidden', 'archived'] as const) {
      expect(shouldRegenerateSlug({ status, publishedAt: null, title: 'Old' }, 'New')).toBe(false)
    }
    expect(
      shouldRegenerateSlug({ status: 'draft', publishedAt: EARLIER, title: 'Old' }, 'New'),
    ).toBe(false)
  })
})

describe('isEmptyEditorHtml', () => {
  it('treats the editor empty document and blank paragraphs as empty', () => {
    expect(isEmptyEditorHtml('')).toBe(true)
    expect(isEmptyEditorHtml('<p></p>')).toBe(true)
    expect(isEmptyEditorHtml('<p> </p><p>&nbsp;</p><p><br></p>')).toBe(true)
  })

  it('sees text and images as content', () => {
    expect(isEmptyEditorHtml('<p>Hi</p>')).toBe(false)
    expect(isEmptyEditorHtml('<p><img src="/media/media/a.png"></p>')).toBe(false)
  })
})
