import { describe, expect, it } from 'vitest'
import { saveOutcome } from './save-outcome'

const now = new Date('2026-11-26T14:00:00Z')
const base = { id: 7, slug: 'harbour-news', publishedAt: null }

describe('saveOutcome', () => {
  it('says a public story is published and links to it on the site', () => {
    expect(
      saveOutcome(
        { ...base, status: 'published', publishedAt: new Date('2026-11-26T13:00:00Z') },
        { timeZone: 'UTC', now },
      ),
    ).toEqual({
      message: 'Published',
      link: { href: '/article/harbour-news', label: 'view the story' },
    })
  })

  it('says when a scheduled story will appear, in the paper’s time zone', () => {
    const outcome = saveOutcome(
      { ...base, status: 'published', publishedAt: new Date('2026-11-27T05:00:00Z') },
      { timeZone: 'Europe/Paris', now },
    )
    expect(outcome?.message).toBe('Scheduled for November 27, 2026 at 6:00 AM')
    expect(outcome?.link?.href).toBe('/admin/edit-article/7')
  })

  it('says a submission and a draft, each linking to the form', () => {
    expect(saveOutcome({ ...base, status: 'review' }, { timeZone: 'UTC', now })?.message).toBe(
      'Submitted for review',
    )
    expect(saveOutcome({ ...base, status: 'draft' }, { timeZone: 'UTC', now })).toEqual({
      message: 'Draft saved',
      link: { href: '/admin/edit-article/7', label: 'Open the article' },
    })
  })

  it('adds nothing to the spec’s toast for archived and hidden articles', () => {
    expect(saveOutcome({ ...base, status: 'archived' }, { timeZone: 'UTC', now })).toBeNull()
    expect(saveOutcome({ ...base, status: 'hidden' }, { timeZone: 'UTC', now })).toBeNull()
  })
})
