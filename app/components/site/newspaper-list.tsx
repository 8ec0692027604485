import { Icon } from './icon'
import type { NewspaperEditionView } from './card-view.server'

/**
 * PDF editions: file name, date and size. A plain link opens the PDF in the browser's own
 * viewer, in a new tab so the reader keeps their place.
 */
export function NewspaperList({ editions }: { editions: NewspaperEditionView[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {editions.map((edition) => (
        <li key={edition.name}>
          <a
            href={edition.url}
            target="_blank"
            rel="noopener"
            type="application/pdf"
            className="group flex h-full items-start gap-4 rounded-lg border bg-card p-4 text-card-foreground transition-colors hover:border-foreground/40 focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
              <Icon name="file-text" className="size-6" />
            </span>
            <span className="flex min-w-0 flex-col gap-1">
              <span className="break-all font-medium group-hover:underline">{edition.name}</span>
              <span className="text-sm text-muted-foreground">
                <time dateTime={edition.dateIso}>{edition.dateLabel}</time>
                <span aria-hidden="true"> · </span>
                {edition.sizeLabel}
                <span className="sr-only"> (PDF, opens in a new tab)</span>
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}
