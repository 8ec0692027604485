import { describe, expect, it } from 'vitest'
import {
  isLive,
  isScheduled,
  isSlugLocked,
  listedStatus,
  nextPublishedAt,
  planSlug,
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
  it('is provisional while the article is unpublished, following the title', () => {
    expect(isSlugLocked({ status: 'draft', publishedAt: null })).toBe(false)
    expect(planSlug(null, 'Budget vote', 'draft')).toEqual({
      kind: 'provisional',
      slug: 'budget-vote',
    })
    expect(planSlug({ slugClaimed: false }, 'New title', 'review')).toEqual({
      kind: 'provisional',
      slug: 'new-title',
    })
    expect(planSlug(null, '   ', 'draft')).toEqual({ kind: 'provisional', slug: 'untitled' })
  })

  it('is claimed when the article goes public', () => {
    for (const status of ['published', 'hidden', 'archived'] as const) {
      expect(planSlug({ slugClaimed: false }, 'Budget vote', status)).toEqual({
        kind: 'claim',
        base: 'budget-vote',
      })
    }
  })

  it('never follows the title again once claimed', () => {
    for (const status of ['draft', 'review', 'published'] as const) {
      expect(planSlug({ slugClaimed: true }, 'New', status)).toEqual({ kind: 'keep' })
    }
  })

  it('is locked once the article has been published', () => {
    expect(isSlugLocked({ status: 'published', publishedAt: EARLIER })).toBe(true)
    expect(isSlugLocked({ status: 'draft', publishedAt: EARLIER })).toBe(true)
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

describe('listedStatus', () => {
  it('is "scheduled" for a published story whose time is still to come, however far', () => {
    const in2030 = new Date('2030-01-05T09:00:00Z')
    expect(listedStatus({ status: 'published', publishedAt: in2030 }, NOW)).toBe('scheduled')
    expect(listedStatus({ status: 'published', publishedAt: LATER }, NOW)).toBe('scheduled')
  })

  it('is "published" from its time on', () => {
    expect(listedStatus({ status: 'published', publishedAt: EARLIER }, NOW)).toBe('published')
    expect(listedStatus({ status: 'published', publishedAt: NOW }, NOW)).toBe('published')
  })

  it('is the stored status for any other, whatever its date', () => {
    expect(listedStatus({ status: 'hidden', publishedAt: LATER }, NOW)).toBe('hidden')
    for (const status of ['draft', 'review', 'archived'] as const) {
      expect(listedStatus({ status, publishedAt: null }, NOW)).toBe(status)
    }
  })
})
