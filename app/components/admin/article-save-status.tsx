import { useEffect, useRef } from 'react'
import type { AutosaveState } from '~/components/admin/article-autosave'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { formatTime } from '~/lib/dates'
import { cn } from '~/lib/utils'
import { usePaperTimeZone } from './use-paper-time-zone'

/** Where the form stands: saving, saved at, unsaved changes, or why autosave stopped. */
export function AutosaveStatus({
  state,
  dirty,
  className,
}: {
  state: AutosaveState
  dirty: boolean
  className?: string
}) {
  const timeZone = usePaperTimeZone()
  let text = ''
  if (state.status === 'saving') text = 'Saving draft…'
  else if (state.status === 'error') text = state.message
  else if (state.status === 'saved')
    text = dirty ? 'Unsaved changes' : `Draft saved at ${formatTime(state.at, timeZone)}`
  else if (dirty) text = 'Unsaved changes'
  return (
    <p
      role="status"
      className={cn(
        'text-sm',
        state.status === 'error' ? 'text-destructive' : 'text-muted-foreground',
        className,
      )}
    >
      {text}
    </p>
  )
}

/**
 * A save refused because someone else saved first: overwrite on purpose, or open theirs. It
 * is brought into view when it appears, as the button that caused it may be far away (the
 * phone's bottom bar).
 */
export function ConflictAlert({
  message,
  latestUrl,
  onOverwrite,
}: {
  message: string
  latestUrl: string | null
  onOverwrite: () => void
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' })
  }, [message])
  return (
    <Alert ref={ref} variant="destructive" className="scroll-my-24">
      <AlertTitle>Not saved</AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>{message}</p>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="destructive" size="sm" onClick={onOverwrite}>
            Overwrite with my version
          </Button>
          {latestUrl ? (
            <Button asChild variant="outline" size="sm">
              <a href={latestUrl} target="_blank" rel="noreferrer">
                Open the latest version in a new tab
              </a>
            </Button>
          ) : null}
        </div>
      </AlertDescription>
    </Alert>
  )
}
