import { describe, it, expect } from 'vitest'
import { findMalformedText, isWellFormedText } from './unicode'

const LONE_HIGH = '\uD83D'
const LONE_LOW = '\uDE00'
const NUL = '\u0000'

describe('isWellFormedText', () => {
  it('accepts ordinary text, including astral characters made of surrogate pairs', () => {
    expect(isWellFormedText('')).toBe(true)
    expect(isWellFormedText('Café — “quoted” 新闻')).toBe(true)
    expect(isWellFormedText('smile 😀 and flag 🇫🇷')).toBe(true)
    expect(isWellFormedText('tabs\tand\nnewlines\r\n')).toBe(true)
  })

  it('rejects NUL anywhere', () => {
    expect(isWellFormedText(NUL)).toBe(false)
    expect(isWellFormedText(`title${NUL}`)).toBe(false)
  })

  it('rejects lone surrogates', () => {
    expect(isWellFormedText(LONE_HIGH)).toBe(false)
    expect(isWellFormedText(`a${LONE_LOW}b`)).toBe(false)
    // A low half before a high half is two lone halves, not a pair.
    expect(isWellFormedText(`${LONE_LOW}${LONE_HIGH}`)).toBe(false)
    // A truncated emoji: the pair lost its second half.
    expect(isWellFormedText('😀'.slice(0, 1))).toBe(false)
  })
})

describe('findMalformedText', () => {
  it('returns null for clean values of every kind', () => {
    expect(findMalformedText('fine')).toBeNull()
    expect(findMalformedText(42)).toBeNull()
    expect(findMalformedText(null)).toBeNull()
    expect(findMalformedText(undefined)).toBeNull()
    expect(
      findMalformedText({ title: 'ok', tags: ['a', 'b'], meta: { n: 1, ok: true } }),
    ).toBeNull()
  })

  it('reports a bad top-level string as $', () => {
    expect(findMalformedText(`x${NUL}`)).toBe('$')
  })

  it('reports paths into objects and arrays', () => {
    expect(findMalformedText({ title: 'ok', content: `bad${NUL}` })).toBe('content')
    expect(findMalformedText({ tags: ['ok', `bad${LONE_HIGH}`] })).toBe('tags[1]')
    expect(findMalformedText({ author: { name: LONE_LOW } })).toBe('author.name')
    expect(findMalformedText([{ a: 'ok' }, { a: [NUL] }])).toBe('[1].a[0]')
  })

  it('returns the first bad string in order', () => {
    expect(findMalformedText({ a: 'ok', b: NUL, c: NUL })).toBe('b')
  })

  it('checks keys as well as values, without echoing the bad characters', () => {
    expect(findMalformedText({ [`ti${NUL}tle`]: 'ok' })).toBe('ti\uFFFDtle')
  })

  it('walks FormData, reporting the field name', () => {
    const form = new FormData()
    form.append('title', 'Headline')
    form.append('tags', '1')
    form.append('tags', `2${NUL}`)
    expect(findMalformedText(form)).toBe('tags')

    const clean = new FormData()
    clean.append('title', 'Headline')
    expect(findMalformedText(clean)).toBeNull()
  })

  it('checks uploaded file names in FormData', () => {
    // File names are USVStrings (lone surrogates already replaced), but NUL survives.
    const form = new FormData()
    form.append('file', new File(['x'], `photo${NUL}.jpg`))
    expect(findMalformedText(form)).toBe('file')

    const clean = new FormData()
    clean.append('file', new File(['x'], 'photo.jpg'))
    expect(findMalformedText(clean)).toBeNull()
  })

  it('walks URLSearchParams', () => {
    expect(findMalformedText(new URLSearchParams('q=news&page=1'))).toBeNull()
    expect(findMalformedText(new URLSearchParams('q=news&page=%00'))).toBe('page')
  })

  it('walks URLSearchParams nested in a plain object', () => {
    expect(findMalformedText({ form: new URLSearchParams({ q: NUL }) })).toBe('form.q')
  })

  it('ignores class instances other than the supported ones', () => {
    class Holder {
      text = NUL
    }
    expect(findMalformedText(new Holder())).toBeNull()
    expect(findMalformedText(new Map([['k', NUL]]))).toBeNull()
  })

  it('survives cycles', () => {
    const a: Record<string, unknown> = { name: 'ok' }
    a.self = a
    expect(findMalformedText(a)).toBeNull()
    a.later = NUL
    expect(findMalformedText(a)).toBe('later')
  })
})
