import { Link } from 'react-router'
import type { SnippetPart } from '~/domain/newspapers/newspapers-queries.server'

/** An edition found by search, worded by the server (routes/_site.search.tsx). */
export interface EditionSearchView {
  slug: string
  title: string
  dateIso: string
  dateLabel: string
  numberLabel: string | null
  /** The first matching pages, each opening the reader there. */
  pages: { number: number; href: string }[]
  /** Matching pages beyond those listed. */
  morePages: number
  snippetPage: number
  snippet: SnippetPart[]
}

/** "In the print edition": editions whose pages match, with "Page N" links into the reader. */
export function EditionSearchResults({ editions }: { editions: EditionSearchView[] }) {
  return (
    <section aria-labelledby="print-results-heading" className="rounded-md border bg-card p-4">
      <h2
        id="print-results-heading"
        className="font-sans text-xs font-semibold uppercase tracking-wider text-muted-foreground"
      >
        In the print edition
      </h2>
      <ul className="mt-3 divide-y">
        {editions.map((edition) => (
          <li key={edition.slug} className="py-3 first:pt-0 last:pb-0">
            <Link
              to={edition.pages[0]?.href ?? `/newspapers/${edition.slug}`}
              className="font-serif text-lg font-semibold leading-snug hover:underline focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
            >
              {edition.title}
            </Link>
            <p className="mt-0.5 text-xs text-muted-foreground">
              <time dateTime={edition.dateIso}>{edition.dateLabel}</time>
              {edition.numberLabel ? (
                <>
                  <span aria-hidden="true"> · </span>
                  {edition.numberLabel}
                </>
              ) : null}
            </p>
            {edition.snippet.length > 0 ? (
              <p className="mt-1.5 line-clamp-3 text-sm text-muted-foreground">
                <span className="sr-only">Page {edition.snippetPage}: </span>
                {edition.snippet.map((part, i) =>
                  part.hit ? (
                    <mark key={i} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
                      {part.text}
                    </mark>
                  ) : (
                    <span key={i}>{part.text}</span>
                  ),
                )}
              </p>
            ) : null}
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <span className="sr-only">Found on</span>
              {edition.pages.map((page) => (
                <Link
                  key={page.number}
                  to={page.href}
                  className="rounded-md border px-2 py-0.5 font-medium hover:bg-accent focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                >
                  Page {page.number}
                </Link>
              ))}
              {edition.morePages > 0 ? (
                <span className="text-muted-foreground">and {edition.morePages} more</span>
              ) : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
