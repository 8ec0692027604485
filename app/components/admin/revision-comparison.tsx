import type { ReactNode } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Skeleton } from '~/components/ui/skeleton'
import type { RevisionComparison as Comparison } from '~/domain/articles/revisions-queries.server'
import { DiffLegend, DiffText } from './revision-diff'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1.5">
      <h3 className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
        {title}
      </h3>
      {children}
    </section>
  )
}

/**
 * One revision against the article's current text, word by word, in a dialog: the loading
 * state, a failure with a retry, or the title, excerpt and content with their changes.
 */
export function RevisionComparisonDialog({
  open,
  onOpenChange,
  heading,
  comparison,
  error,
  onRetry,
  restore,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Which revision: its time, author and status, known from the list before the diff loads. */
  heading: string
  comparison: Comparison | null
  error: string | null
  onRetry: () => void
  /** The Restore button, when this reader may restore the revision. */
  restore: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Compare with the current text</DialogTitle>
          <DialogDescription>Revision of {heading}</DialogDescription>
        </DialogHeader>
        {error ? (
          <Alert variant="destructive">
            <AlertTitle>The comparison could not be loaded</AlertTitle>
            <AlertDescription className="grid gap-2">
              <p>{error}</p>
              <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : comparison ? (
          <div className="grid gap-5">
            <DiffLegend />
            {comparison.sameText ? (
              <p className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
                The title, excerpt and content read the same as now.
              </p>
            ) : null}
            <Section title="Title">
              <p className="font-serif text-lg font-semibold leading-snug">
                <DiffText parts={comparison.title} />
              </p>
            </Section>
            <Section title="Excerpt">
              <p className="leading-relaxed">
                <DiffText parts={comparison.excerpt} />
              </p>
            </Section>
            <Section title="Content">
              <div className="grid gap-3 leading-relaxed">
                {comparison.content.length === 0 ? (
                  <DiffText parts={[]} />
                ) : (
                  comparison.content.map((paragraph, index) => (
                    <p key={index}>
                      <DiffText parts={paragraph} />
                    </p>
                  ))
                )}
              </div>
            </Section>
            {comparison.otherChanges.length > 0 ? (
              <p className="text-sm text-muted-foreground">
                Also different from now: {comparison.otherChanges.join(', ')}.
              </p>
            ) : null}
          </div>
        ) : (
          <div aria-busy="true" aria-label="Loading the comparison" className="grid gap-3">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {comparison ? restore : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
