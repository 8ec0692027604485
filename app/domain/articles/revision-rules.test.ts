import { describe, expect, it } from 'vitest'
import { isVisiblyRevised, laterDate, nextRevisedAt } from './revision-rules'

const NOW = new Date('2025-06-01T12:00:00Z')
const EARLIER = new Date('2025-05-01T08:00:00Z')
const LATER = new Date('2025-07-01T08:00:00Z')

const text = {
  title: 'Ferry timetable',
  excerpt: 'Short',
  content: '<p>Body</p>',
  featuredImage: null,
  hasVideo: false,
  videoUrl: null,
}
const live = { ...text, status: 'published' as const, publishedAt: EARLIER, revisedAt: null }

describe('nextRevisedAt', () => {
  it('stamps now when a live article is saved with a change readers see', () => {
    for (const change of [
      { title: 'Ferry timetable changes' },
      { excerpt: 'Longer' },
      { content: '<p>Body, corrected</p>' },
      { featuredImage: '/media/ferry.webp' },
      { hasVideo: true, videoUrl: 'https://example.com/v' },
    ]) {
      expect(nextRevisedAt(live, { ...text, ...change, status: 'published' }, NOW)).toEqual(NOW)
    }
  })

  it('keeps the last date when nothing readers see changed', () => {
    expect(nextRevisedAt(live, { ...text, status: 'published' }, NOW)).toBeNull()
    const revised = { ...live, revisedAt: EARLIER }
    expect(nextRevisedAt(revised, { ...text, status: 'published' }, NOW)).toEqual(EARLIER)
  })

  it('is not an update before publication, nor when the article leaves readers', () => {
    const changed = { ...text, title: 'New title' }
    const draft = { ...live, status: 'draft' as const, publishedAt: null }
    expect(nextRevisedAt(draft, { ...changed, status: 'published' }, NOW)).toBeNull()
    // Scheduled: published, but its time has not come.
    const scheduled = { ...live, publishedAt: LATER }
    expect(nextRevisedAt(scheduled, { ...changed, status: 'published' }, NOW)).toBeNull()
    expect(nextRevisedAt(live, { ...changed, status: 'archived' }, NOW)).toBeNull()
  })
})

describe('isVisiblyRevised', () => {
  it('shows "Updated" only more than a minute after publication', () => {
    const published = new Date('2025-06-01T12:00:00Z')
    expect(isVisiblyRevised(published, new Date('2025-06-01T12:00:59Z'))).toBe(false)
    expect(isVisiblyRevised(published, new Date('2025-06-01T12:01:01Z'))).toBe(true)
    expect(isVisiblyRevised(published, null)).toBe(false)
    expect(isVisiblyRevised(null, NOW)).toBe(false)
    expect(isVisiblyRevised(NOW, EARLIER)).toBe(false)
  })
})

describe('laterDate', () => {
  it('never rewinds', () => {
    expect(laterDate(null, NOW)).toEqual(NOW)
    expect(laterDate(LATER, NOW)).toEqual(LATER)
    expect(laterDate(EARLIER, NOW)).toEqual(NOW)
  })
})
