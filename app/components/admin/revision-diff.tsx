import { Fragment } from 'react'
import type { DiffPart } from '~/lib/word-diff'

// Words that only the revision has are struck through in a red tone, words that only the
// current text has are underlined in a green tone: <del> and <ins>, so the change is told by
// the markup and a screen reader's "removed"/"added", not by colour alone.

const removedClass =
  'rounded-sm bg-destructive-subtle px-0.5 text-destructive-subtle-foreground line-through decoration-2'
const addedClass =
  'rounded-sm bg-status-published px-0.5 text-status-published-foreground underline decoration-2 underline-offset-2'

/** One run of text with its changes marked. */
export function DiffText({ parts }: { parts: DiffPart[] }) {
  if (parts.length === 0) return <span className="text-muted-foreground italic">Empty</span>
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? ' ' : null}
      {part.type === 'removed' ? (
        <del className={removedClass}>
          <span className="sr-only">Removed: </span>
          {part.text}
        </del>
      ) : part.type === 'added' ? (
        <ins className={addedClass}>
          <span className="sr-only">Added: </span>
          {part.text}
        </ins>
      ) : (
        part.text
      )}
    </Fragment>
  ))
}

/** The key to the marks, shown above a comparison. */
export function DiffLegend() {
  return (
    <p className="text-sm text-muted-foreground">
      <del className={removedClass}>Struck through</del>: only in this revision.{' '}
      <ins className={addedClass}>Underlined</ins>: only in the current text.
    </p>
  )
}
