import { Link } from 'react-router'
import type { NewspaperEditionView } from './card-view.server'

/**
 * The front page of an edition, or — while it has none — a neutral sheet with its title, in
 * the same proportions so the grid does not jump.
 */
export function EditionCover({
  edition,
  eager = false,
  small = false,
  className = '',
}: {
  edition: NewspaperEditionView
  eager?: boolean
  /** A thumbnail: the placeholder shows no title (the text beside it does). */
  small?: boolean
  className?: string
}) {
  const frame =
    `block aspect-[612/792] overflow-hidden rounded-sm border bg-muted shadow-sm ${small ? '' : 'w-full'} ${className}`.trim()
  if (!edition.cover && small) {
    return <span aria-hidden="true" className={frame} />
  }
  if (!edition.cover) {
    return (
      <span
        className={`${frame} flex flex-col items-center justify-center gap-3 p-4 text-center text-muted-foreground`}
      >
        <span aria-hidden="true" className="h-1 w-12 bg-muted-foreground/40" />
        <span className="font-serif text-lg font-bold leading-tight text-foreground/80">
          {edition.title}
        </span>
        <span aria-hidden="true" className="h-1 w-12 bg-muted-foreground/40" />
      </span>
    )
  }
  return (
    <span className={frame}>
      <img
        src={edition.cover.url}
        width={edition.cover.width}
        height={edition.cover.height}
        // Beside its title (small), the cover adds nothing to read.
        alt={small ? '' : `Front page of ${edition.title}`}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="size-full bg-white object-contain"
      />
    </span>
  )
}

/** "March 13, 2026 · No. 123" */
export function EditionDateLine({ edition }: { edition: NewspaperEditionView }) {
  return (
    <>
      <time dateTime={edition.dateIso}>{edition.dateLabel}</time>
      {edition.numberLabel ? (
        <>
          <span aria-hidden="true"> · </span>
          {edition.numberLabel}
        </>
      ) : null}
    </>
  )
}

const cardClass =
  'group flex h-full rounded-md focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background'
const coverHover =
  'transition-shadow group-hover:shadow-md group-hover:ring-1 group-hover:ring-foreground/20'

function EditionFacts({ edition, large }: { edition: NewspaperEditionView; large: boolean }) {
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <span
        className={`font-serif font-semibold leading-snug group-hover:underline ${large ? 'text-base sm:text-lg' : 'text-base'}`}
      >
        {edition.title}
      </span>
      <span className="text-sm text-muted-foreground">
        <EditionDateLine edition={edition} />
      </span>
      <span className="text-xs text-muted-foreground">
        {edition.pagesLabel}
        <span aria-hidden="true"> · </span>
        <span className="sr-only">PDF, </span>
        {edition.sizeLabel}
      </span>
    </span>
  )
}

/**
 * Print editions, each opening its reader (/newspapers/{slug}): on /newspapers a grid of
 * covers (`layout="grid"`); by default — the home page's section — a row each, the cover small
 * beside the title, so three editions fill the row.
 */
export function NewspaperList({
  editions,
  layout = 'rows',
}: {
  editions: NewspaperEditionView[]
  layout?: 'grid' | 'rows'
}) {
  if (layout === 'rows') {
    return (
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {editions.map((edition) => (
          <li key={edition.slug}>
            <Link to={edition.href} className={`${cardClass} items-start gap-4`}>
              <EditionCover edition={edition} className={`w-24 shrink-0 ${coverHover}`} small />
              <EditionFacts edition={edition} large={false} />
            </Link>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
      {editions.map((edition) => (
        <li key={edition.slug}>
          <Link to={edition.href} className={`${cardClass} flex-col gap-3`}>
            <EditionCover edition={edition} className={coverHover} />
            <EditionFacts edition={edition} large />
          </Link>
        </li>
      ))}
    </ul>
  )
}
