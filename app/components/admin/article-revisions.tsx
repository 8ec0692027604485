import { GitCompareArrows, History, RotateCcw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '~/components/ui/alert-dialog'
import { Badge, statusBadgeVariant } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card'
import { Skeleton } from '~/components/ui/skeleton'
import { ARTICLE_STATUS_NAMES, type ArticleStatus } from '~/domain/articles/articles-schema'
import { failureSentence, UNEXPECTED_ERROR, type ActionResult } from '~/lib/action-result'
import { isNotFoundBody } from '~/lib/not-found'
import type {
  RevisionCompareAnswer,
  RevisionListAnswer,
  RevisionListed,
} from '~/routes/admin.articles.$id.revisions'
import { RevisionComparisonDialog } from './revision-comparison'
import { useActionToast } from './use-action-toast'

type Revision = NonNullable<RevisionListed['revisions']>[number]

/** How many revisions show before "Show all". */
const FIRST_SHOWN = 5

function RestoreButton({
  revision,
  currentStatus,
  busy,
  onConfirm,
}: {
  revision: Revision
  currentStatus: ArticleStatus
  busy: boolean
  onConfirm: () => void
}) {
  const status = ARTICLE_STATUS_NAMES[revision.status]
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={busy} aria-busy={busy || undefined}>
          <RotateCcw aria-hidden="true" />
          Restore<span className="sr-only"> the revision of {revision.createdLabel}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Restore this revision?</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              <p>
                The article gets the title, excerpt, content, category, tags and featured image it
                had on {revision.createdLabel}, saved as {status}. This is a new save with a
                revision of its own, so you can go back.
              </p>
              {revision.status !== currentStatus ? (
                <p className="font-medium text-foreground">
                  The article is {ARTICLE_STATUS_NAMES[currentStatus]} now: restoring makes it{' '}
                  {status}.
                </p>
              ) : null}
              <p>Changes in the form that are not saved yet are lost.</p>
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Restore</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/**
 * The edit form's history: every manual save, newest first, with a comparison against the
 * current text and a restore. Loads on its own (a fetcher), so the form never waits for it.
 */
export function ArticleRevisions({
  articleId,
  currentStatus,
}: {
  articleId: number
  currentStatus: ArticleStatus
}) {
  const url = `/admin/articles/${articleId}/revisions`
  const list = useFetcher<RevisionListAnswer>()
  const comparer = useFetcher<RevisionCompareAnswer>()
  const restorer = useFetcher<ActionResult>()
  useActionToast(restorer.data)
  const [comparing, setComparing] = useState<Revision | null>(null)
  const [showAll, setShowAll] = useState(false)

  const { load } = list
  useEffect(() => {
    load(url)
  }, [load, url])

  const compare = (revision: Revision) => {
    setComparing(revision)
    void comparer.load(`${url}?compare=${revision.id}`)
  }
  const restore = (revision: Revision) => {
    void restorer.submit(
      {
        intent: 'restore',
        revisionId: String(revision.id),
        expectedUpdatedAt:
          (list.data && !isNotFoundBody(list.data) && list.data.articleUpdatedIso) || '',
      },
      { method: 'post', action: url },
    )
  }
  const restoring = restorer.state !== 'idle'

  const listed = list.data && !isNotFoundBody(list.data) ? list.data : undefined
  const revisions = listed?.revisions ?? []
  const shown = showAll ? revisions : revisions.slice(0, FIRST_SHOWN)
  const loadFailed = list.state === 'idle' && list.data !== undefined && !list.data.ok
  const compared = comparer.data && !isNotFoundBody(comparer.data) ? comparer.data : undefined
  const comparison =
    comparer.state === 'idle' && compared?.comparison?.revision.id === comparing?.id
      ? compared?.comparison
      : null
  const compareError =
    comparer.state === 'idle' && comparer.data && !comparer.data.ok
      ? failureSentence(comparer.data)
      : null
  const restoreControl = (revision: Revision) =>
    revision.canRestore ? (
      <RestoreButton
        revision={revision}
        currentStatus={currentStatus}
        busy={restoring}
        onConfirm={() => restore(revision)}
      />
    ) : null

  return (
    <Card role="region" aria-labelledby="revisions-heading">
      <CardHeader>
        <h2
          id="revisions-heading"
          className="flex items-center gap-2 font-serif text-xl font-semibold"
        >
          <History aria-hidden="true" className="size-5" />
          Revisions
        </h2>
        <CardDescription>
          Each save keeps a revision (autosaves do not)
          {listed?.revisionsKept ? `, up to ${listed.revisionsKept}: the oldest go first` : ''}.
          Compare one with the current text, or restore it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loadFailed ? (
          <Alert variant="destructive">
            <AlertTitle>The revisions could not be loaded</AlertTitle>
            <AlertDescription className="grid gap-2">
              <p>{list.data ? failureSentence(list.data) : UNEXPECTED_ERROR}</p>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => load(url)}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : list.data === undefined ? (
          <div aria-busy="true" aria-label="Loading revisions" className="grid gap-4">
            {[0, 1, 2].map((row) => (
              <div key={row} className="grid gap-2">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-4 w-3/4" />
              </div>
            ))}
          </div>
        ) : revisions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No revisions yet. Each time the article is saved, a revision is kept here.
          </p>
        ) : (
          <>
            <ol className="divide-y" aria-label="Revisions, newest first">
              {shown.map((revision, index) => (
                <li key={revision.id} className="grid gap-2 py-3 first:pt-0 last:pb-0">
                  <div className="grid min-w-0 gap-0.5">
                    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                      <Badge variant={statusBadgeVariant(revision.status)}>
                        {ARTICLE_STATUS_NAMES[revision.status]}
                      </Badge>
                      <time dateTime={revision.createdIso} className="font-medium">
                        {revision.createdLabel}
                      </time>
                      <span className="text-muted-foreground">
                        by {revision.authorName}
                        {index === 0 ? ' · latest save' : ''}
                      </span>
                    </p>
                    <p className="truncate text-sm">{revision.title}</p>
                    <p className="text-sm text-muted-foreground">{revision.summary}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => compare(revision)}>
                      <GitCompareArrows aria-hidden="true" />
                      Compare
                      <span className="sr-only"> the revision of {revision.createdLabel}</span>
                    </Button>
                    {restoreControl(revision)}
                  </div>
                </li>
              ))}
            </ol>
            {revisions.length > FIRST_SHOWN ? (
              <Button
                variant="link"
                className="mt-2 px-0"
                aria-expanded={showAll}
                onClick={() => setShowAll((was) => !was)}
              >
                {showAll ? 'Show fewer' : `Show all ${revisions.length} revisions`}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      {comparing ? (
        <RevisionComparisonDialog
          open
          onOpenChange={(open) => {
            if (!open) setComparing(null)
          }}
          heading={`${comparing.createdLabel} by ${comparing.authorName} (${ARTICLE_STATUS_NAMES[comparing.status]})`}
          comparison={comparison ?? null}
          error={compareError}
          onRetry={() => compare(comparing)}
          restore={restoreControl(comparing)}
        />
      ) : null}
    </Card>
  )
}
