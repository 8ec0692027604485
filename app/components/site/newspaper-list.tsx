import { Link } from 'react-router'
import type { NewspaperEditionView } from './card-view.server'

/**
 * The front page of an edition, or — while it has none — a neutral sheet with its title, in
 * the same proportions so the grid does not jump.
 */
export function EditionCover({
  edition,
  eager = false,
  className = '',
}: {
  edition: NewspaperEditionView
  eager?: boolean
  className?: string
}) {
  const frame =
    `block aspect-[612/792] w-full overflow-hidden rounded-sm border bg-muted shadow-sm ${className}`.trim()
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
        alt={`Front page of ${edition.title}`}
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

/** Print editions as covers, each opening the edition's reader (/newspapers/{slug}). */
export function NewspaperList({ editions }: { editions: NewspaperEditionView[] }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
      {editions.map((edition) => (
        <li key={edition.slug}>
          <Link
            to={edition.href}
            className="group flex h-full flex-col gap-3 rounded-md focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background"
          >
            <EditionCover
              edition={edition}
              className="transition-shadow group-hover:shadow-md group-hover:ring-1 group-hover:ring-foreground/20"
            />
            <span className="flex min-w-0 flex-col gap-1">
              <span className="font-serif text-base font-semibold leading-snug group-hover:underline sm:text-lg">
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
          </Link>
        </li>
      ))}
    </ul>
  )
}
