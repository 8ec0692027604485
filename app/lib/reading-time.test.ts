import { describe, it, expect } from 'vitest'
import { countWords, readingTimeFromWordCount, readingTimeMinutes } from './reading-time'

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ')

describe('countWords', () => {
  it('counts whitespace-separated words in plain text', () => {
    expect(countWords('one two  three\nfour\tfive')).toBe(5)
  })

  it('is zero for empty or blank input', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('   \n ')).toBe(0)
    expect(countWords('<p></p><p><br></p>')).toBe(0)
  })

  it('ignores tags and their attributes', () => {
    expect(
      countWords('<p class="lead">Hello <a href="https://x.test/a b c">big</a> world</p>'),
    ).toBe(3)
  })

  it('separates words at block boundaries', () => {
    expect(countWords('<h1>Title</h1><p>First</p><ul><li>one</li><li>two</li></ul>')).toBe(4)
    expect(countWords('line<br>break')).toBe(2)
  })

  it('keeps a word whole across inline tags', () => {
    expect(countWords('<p><strong>re</strong>write</p>')).toBe(1)
  })

  it('decodes entities, treating &nbsp; as a space', () => {
    expect(countWords('Tom&nbsp;and&#160;Jerry')).toBe(3)
    expect(countWords('fish &amp; chips')).toBe(3)
    expect(countWords('caf&#xE9;&nbsp;ol&eacute;')).toBe(2)
  })

  it('does not count script or style contents', () => {
    expect(
      countWords('<p>Hi</p><script>var a = 1 + 2</script><style>p { color: red }</style>'),
    ).toBe(1)
  })

  it('does not count comments', () => {
    expect(countWords('one <!-- hidden words here --> two')).toBe(2)
  })
})

describe('readingTimeMinutes', () => {
  it('is at least one minute, even for empty content', () => {
    expect(readingTimeMinutes('')).toBe(1)
    expect(readingTimeMinutes('<p>Short.</p>')).toBe(1)
  })

  it('divides by 200 and rounds up', () => {
    expect(readingTimeMinutes(`<p>${words(200)}</p>`)).toBe(1)
    expect(readingTimeMinutes(`<p>${words(201)}</p>`)).toBe(2)
    expect(readingTimeMinutes(`<p>${words(400)}</p>`)).toBe(2)
    expect(readingTimeMinutes(`<p>${words(1001)}</p>`)).toBe(6)
  })
})

describe('readingTimeFromWordCount', () => {
  it('divides the stored word count by 200, rounding up, never below 1', () => {
    expect(readingTimeFromWordCount(0)).toBe(1)
    expect(readingTimeFromWordCount(200)).toBe(1)
    expect(readingTimeFromWordCount(201)).toBe(2)
    expect(readingTimeFromWordCount(1000)).toBe(5)
    expect(readingTimeFromWordCount(Number.NaN)).toBe(1)
  })
})
