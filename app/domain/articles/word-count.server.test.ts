import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { countWordsInHtml } from '~/lib/word-count'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { countWords } from './word-count.server'

// One definition of a word (db/schema/word-count.ts): every case is counted three ways, by the
// stored column a save fills, by countWords for an unsaved body and by the form's live count,
// and the three must agree.
async function counted(html: string) {
  const { id } = await insertArticle({ content: html })
  const [row] = await getDb()
    .select({ stored: articles.wordCount })
    .from(articles)
    .where(eq(articles.id, id))
  const unsaved = await countWords(html)
  expect(unsaved, `countWords and word_count disagree on ${JSON.stringify(html)}`).toBe(row.stored)
  // The form's live count (lib/word-count.ts) is the same rule in the browser.
  expect(countWordsInHtml(html), `the form's count disagrees on ${JSON.stringify(html)}`).toBe(
    row.stored,
  )
  return unsaved
}

describe('word count', () => {
  it('keeps a word whole across inline markup', async () => {
    expect(await counted('<p><strong>re</strong>write</p>')).toBe(1)
    expect(await counted('<p>un<em>break</em><a href="https://x.test">able</a> news</p>')).toBe(2)
  })

  it('counts whitespace-separated words in plain text', async () => {
    expect(await counted('one two  three\nfour\tfive')).toBe(5)
  })

  it('is zero for a body with no text, whatever surrounds it', async () => {
    expect(await counted('')).toBe(0)
    expect(await counted('   \n ')).toBe(0)
    expect(await counted('<p></p><p><br></p>')).toBe(0)
    expect(await counted('<p>one</p>\n')).toBe(1)
  })

  it('ignores tags and their attributes', async () => {
    expect(
      await counted('<p class="lead">Hello <a href="https://x.test/a b c">big</a> world</p>'),
    ).toBe(3)
  })

  it('separates words at block boundaries', async () => {
    expect(await counted('<h1>Title</h1><p>First</p><ul><li>one</li><li>two</li></ul>')).toBe(4)
    expect(await counted('line<br>break')).toBe(2)
    expect(await counted('<p>end</p><p>start</p>')).toBe(2)
  })

  it('treats a no-break space, written or as an entity, as a space', async () => {
    expect(await counted('Tom&nbsp;and&#160;Jerry\u00a0again')).toBe(4)
    expect(await counted('fish &amp; chips')).toBe(3)
    expect(await counted('caf&#xE9;&nbsp;ol&eacute;')).toBe(2)
  })

  it('does not count comments or a less-than sign as markup', async () => {
    expect(await counted('one <!-- hidden words here --> two')).toBe(2)
    expect(await counted('3 &lt; 5 and 3 < 5')).toBe(7)
  })
})
