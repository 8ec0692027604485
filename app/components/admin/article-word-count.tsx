import { useDeferredValue } from 'react'
import { formatCount } from '~/lib/format-count'
import { readingTimeFromWordCount } from '~/lib/reading-time'
import { countWordsInHtml } from '~/lib/word-count'

/**
 * Words and reading time of the body as it is typed (issue 40), counted as the stored
 * `word_count` will be once it is saved, so the card and the page say the same.
 */
export function ArticleWordCount({ content }: { content: string }) {
  // A long body is counted after the keystroke is drawn, not before.
  const words = countWordsInHtml(useDeferredValue(content))
  return (
    <p data-testid="word-count" className="text-sm text-muted-foreground">
      {formatCount(words, 'word')} · {readingTimeFromWordCount(words)} min read
    </p>
  )
}
