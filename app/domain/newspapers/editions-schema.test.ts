import { describe, expect, it } from 'vitest'
import { editionTitleFor, nextEditionDefaults, nextIsoDate, todayIsoDate } from './editions-schema'

// The upload form's proposal: the next edition, in the paper's calendar.

const edition = (editionDate: string, number: number | null, title = `The Broadsheet, x`) => ({
  editionDate,
  number,
  title,
})

describe('todayIsoDate', () => {
  it("is the paper's day, not the browser's", () => {
    // 23:30 UTC on May 1 is already May 2 in Auckland and still May 1 in New York.
    const now = new Date('2026-05-01T23:30:00Z')
    expect(todayIsoDate(now, 'Pacific/Auckland')).toBe('2026-05-02')
    expect(todayIsoDate(now, 'America/New_York')).toBe('2026-05-01')
    expect(todayIsoDate(now, 'UTC')).toBe('2026-05-01')
  })
})

describe('nextIsoDate', () => {
  it('turns months, years and leap days', () => {
    expect(nextIsoDate('2026-04-30')).toBe('2026-05-01')
    expect(nextIsoDate('2026-12-31')).toBe('2027-01-01')
    expect(nextIsoDate('2028-02-28')).toBe('2028-02-29')
  })
})

describe('nextEditionDefaults', () => {
  it('proposes today and no number when there is no edition yet', () => {
    expect(nextEditionDefaults([], '2026-05-02')).toEqual({ editionDate: '2026-05-02', number: '' })
  })

  it('proposes today after older editions, numbered after the newest', () => {
    const editions = [
      edition('2026-04-28', 41),
      edition('2026-04-30', 42),
      edition('2026-04-29', 40),
    ]
    expect(nextEditionDefaults(editions, '2026-05-02')).toEqual({
      editionDate: '2026-05-02',
      number: '43',
    })
  })

  it("proposes the day after when today's (or a later) edition is in", () => {
    expect(nextEditionDefaults([edition('2026-05-02', 7)], '2026-05-02')).toEqual({
      editionDate: '2026-05-03',
      number: '8',
    })
    expect(nextEditionDefaults([edition('2026-05-04', null)], '2026-05-02')).toEqual({
      editionDate: '2026-05-05',
      number: '',
    })
  })
})

describe('editionTitleFor', () => {
  it("keeps the newest edition's title and changes its date", () => {
    const editions = [
      edition('2026-04-30', 42, 'The Broadsheet, April 30, 2026'),
      edition('2026-04-29', 41, 'Old style April 29'),
    ]
    expect(editionTitleFor('2026-05-02', { siteName: 'Broadsheet', editions })).toBe(
      'The Broadsheet, May 2, 2026',
    )
  })

  it('is "<site name>, <date>" without editions, or when the newest title has no date', () => {
    expect(editionTitleFor('2026-05-02', { siteName: 'Calder Bay Post', editions: [] })).toBe(
      'Calder Bay Post, May 2, 2026',
    )
    const editions = [edition('2026-04-30', 42, 'Weekend special')]
    expect(editionTitleFor('2026-05-02', { siteName: 'Broadsheet', editions })).toBe(
      'Broadsheet, May 2, 2026',
    )
  })

  it('proposes the name alone while the date is not a day', () => {
    expect(editionTitleFor('', { siteName: 'Broadsheet', editions: [] })).toBe('Broadsheet')
  })
})
