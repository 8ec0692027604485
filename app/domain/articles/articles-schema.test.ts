import { describe, expect, it } from 'vitest'
import {
  articleActionSchema,
  articleFormSchema,
  articleFormValues,
  articleSubmissionSchema,
  MAX_RECORD_ID,
  NO_CATEGORY,
} from './articles-schema'
import { fieldErrorsOf } from '~/lib/field-errors'

function form(entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [key, value] of entries) data.append(key, value)
  return data
}

const VALID: Array<[string, string]> = [
  ['title', 'Harbour bridge reopens'],
  ['content', '<p>Traffic is back.</p>'],
]

function parse(entries: Array<[string, string]>) {
  return articleFormSchema.safeParse(articleFormValues(form(entries)))
}

describe('articleFormSchema', () => {
  it('requires a title and content, with the spec messages', () => {
    const result = parse([
      ['title', '   '],
      ['content', '<p></p>'],
    ])
    expect(result.success).toBe(false)
    const errors = fieldErrorsOf(result.error!)
    expect(errors.title).toEqual(['Title is required'])
    expect(errors.content).toEqual(['Content is required'])
  })

  it('reports missing fields the same way as empty ones', () => {
    const errors = fieldErrorsOf(parse([]).error!)
    expect(errors.title).toEqual(['Title is required'])
    expect(errors.content).toEqual(['Content is required'])
  })

  it('fills in defaults for everything else', () => {
    const result = parse(VALID)
    expect(result.success).toBe(true)
    expect(result.data).toMatchObject({
      title: 'Harbour bridge reopens',
      excerpt: '',
      categoryId: null,
      status: 'draft',
      publishedAt: null,
      isFeatured: false,
      featuredImage: null,
      tags: [],
      newTags: [],
      hasVideo: false,
      videoUrl: null,
      authorId: null,
    })
  })

  it('turns an empty category or the "none" choice into null and a number otherwise', () => {
    expect(parse([...VALID, ['categoryId', '']]).data?.categoryId).toBeNull()
    expect(parse([...VALID, ['categoryId', NO_CATEGORY]]).data?.categoryId).toBeNull()
    expect(parse([...VALID, ['categoryId', '7']]).data?.categoryId).toBe(7)
    expect(parse([...VALID, ['categoryId', 'abc']]).success).toBe(false)
  })

  it('reads tag ids as numbers and drops blank new tag names', () => {
    const result = parse([
      ...VALID,
      ['tags', '3'],
      ['tags', '5'],
      ['newTags', ' Ferries '],
      ['newTags', '  '],
    ])
    expect(result.data?.tags).toEqual([3, 5])
    expect(result.data?.newTags).toEqual(['Ferries'])
    expect(parse([...VALID, ['tags', 'x']]).success).toBe(false)
  })

  it('accepts only the five statuses', () => {
    expect(parse([...VALID, ['status', 'published']]).data?.status).toBe('published')
    expect(fieldErrorsOf(parse([...VALID, ['status', 'live']]).error!).status).toEqual([
      'Choose a status',
    ])
  })

  it('reads the publication date as an instant', () => {
    const result = parse([...VALID, ['publishedAt', '2030-01-02T03:04:00.000Z']])
    expect(result.data?.publishedAt?.toISOString()).toBe('2030-01-02T03:04:00.000Z')
    expect(parse([...VALID, ['publishedAt', 'tomorrow']]).success).toBe(false)
  })

  it('accepts only http and https video URLs', () => {
    const ok = parse([...VALID, ['hasVideo', 'on'], ['videoUrl', 'https://youtu.be/dQw4w9WgXcQ']])
    expect(ok.data).toMatchObject({ hasVideo: true, videoUrl: 'https://youtu.be/dQw4w9WgXcQ' })
    for (const bad of ['javascript:alert(1)', 'ftp://example.com/v.mp4', 'not a url']) {
      const result = parse([...VALID, ['hasVideo', 'on'], ['videoUrl', bad]])
      expect(fieldErrorsOf(result.error!).videoUrl).toEqual([
        'Enter a valid video URL starting with http:// or https://',
      ])
    }
  })

  it('accepts a media path or a web address as featured image, nothing else', () => {
    expect(parse([...VALID, ['featuredImage', '/media/media/a.jpg']]).success).toBe(true)
    expect(parse([...VALID, ['featuredImage', 'https://cdn.example.com/a.jpg']]).success).toBe(true)
    expect(parse([...VALID, ['featuredImage', 'javascript:alert(1)']]).success).toBe(false)
    expect(parse([...VALID, ['featuredImage', '//evil.example/a.jpg']]).success).toBe(false)
  })
})

describe('hand-made values', () => {
  // Ids the database cannot hold, and numbers only Number() would read, are field errors
  // (400), never a failed query.
  const BAD_IDS = ['99999999999', String(MAX_RECORD_ID + 1), '0x10', '1e3', ' 12', '1.0', '-1', '0']

  it('refuses category and tag ids that are not plain ids within range', () => {
    for (const id of BAD_IDS) {
      expect(fieldErrorsOf(parse([...VALID, ['categoryId', id]]).error!).categoryId, id).toEqual([
        'Choose a category',
      ])
      expect(fieldErrorsOf(parse([...VALID, ['tags', id]]).error!).tags, id).toEqual([
        'Invalid tag',
      ])
    }
    expect(parse([...VALID, ['categoryId', String(MAX_RECORD_ID)]]).data?.categoryId).toBe(
      MAX_RECORD_ID,
    )
  })

  it('refuses such ids for the draft and for the row actions too', () => {
    for (const id of BAD_IDS) {
      const submission = articleSubmissionSchema.safeParse(articleFormValues(form([['id', id]])))
      expect(submission.success, id).toBe(false)
      const action = articleActionSchema.safeParse({ intent: 'archive', id })
      expect(action.error?.issues[0]?.message, id).toBe('Invalid article')
    }
    expect(articleActionSchema.parse({ intent: 'hide', id: '42' })).toEqual({
      intent: 'hide',
      id: 42,
    })
  })

  it('reads only ISO dates with four-digit years as a publication date', () => {
    for (const bad of ['0', '1', 'garbage', '+275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z']) {
      expect(
        fieldErrorsOf(parse([...VALID, ['publishedAt', bad]]).error!).publishedAt,
        bad,
      ).toEqual(['Enter a valid date and time'])
    }
    expect(parse([...VALID, ['publishedAt', '9999-12-31']]).data?.publishedAt?.toISOString()).toBe(
      '9999-12-31T00:00:00.000Z',
    )
    expect(
      parse([
        ...VALID,
        ['publishedAt', '2031-05-06T07:08:09+02:00'],
      ]).data?.publishedAt?.toISOString(),
    ).toBe('2031-05-06T05:08:09.000Z')
  })

  it('reads a publish time without an offset in the site’s time zone', () => {
    const at = (value: string, timeZone?: string) =>
      articleFormSchema
        .safeParse(
          articleFormValues(form([...VALID, ['publishedAt', value]]), timeZone ? { timeZone } : {}),
        )
        .data?.publishedAt?.toISOString()
    expect(at('2031-07-01T09:30', 'Europe/Paris')).toBe('2031-07-01T07:30:00.000Z')
    expect(at('2031-01-01 09:30:15', 'America/New_York')).toBe('2031-01-01T14:30:15.000Z')
    // UTC when no zone is given, never the server's own zone.
    expect(at('2031-07-01T09:30:00')).toBe('2031-07-01T09:30:00.000Z')
    // An instant with its offset is already unambiguous.
    expect(at('2031-07-01T09:30:00Z', 'Europe/Paris')).toBe('2031-07-01T09:30:00.000Z')
    expect(at('2031-07-01T09:30:00+02:00', 'America/New_York')).toBe('2031-07-01T07:30:00.000Z')
    expect(at('2031-02-30T09:30', 'Europe/Paris')).toBeUndefined()
    expect(at('2031-01-01T24:30', 'UTC')).toBeUndefined()
  })

  it('refuses a stored version that is not an ISO instant', () => {
    const result = articleSubmissionSchema.safeParse(
      articleFormValues(form([['expectedUpdatedAt', 'notadate']])),
    )
    expect(result.error?.issues[0]?.message).toBe(
      'Invalid article version: reload the page and try again',
    )
  })

  it('refuses featured image paths a browser would read as another site', () => {
    for (const bad of [
      '/\\evil.example/a.png',
      '/\tmedia/a.png',
      '/media/a\n.png',
      'data:image/png;base64,AAAA',
    ]) {
      expect(parse([...VALID, ['featuredImage', bad]]).success, bad).toBe(false)
    }
  })
})

describe('articleSubmissionSchema', () => {
  it('reads the draft id, the expected version and the overwrite flag', () => {
    const values = articleFormValues(
      form([
        ['id', '12'],
        ['expectedUpdatedAt', '2025-01-01T00:00:00.000Z'],
        ['overwrite', 'true'],
      ]),
    )
    expect(articleSubmissionSchema.parse(values)).toEqual({
      id: 12,
      expectedUpdatedAt: new Date('2025-01-01T00:00:00.000Z'),
      overwrite: true,
    })
    expect(articleSubmissionSchema.parse(articleFormValues(form([])))).toEqual({
      id: null,
      expectedUpdatedAt: null,
      overwrite: false,
    })
  })
})
