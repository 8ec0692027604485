import { LockIcon, UserRoundXIcon } from 'lucide-react'
import { useState } from 'react'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import type { EditLockHolder } from '~/domain/articles/edit-lock-schema'
import { formatArticleDate, formatDateWithTime, formatTime } from '~/lib/dates'
import { usePaperTimeZone } from './use-paper-time-zone'

/** "2:32 PM" today, else "November 26, 2026 at 2:32 PM", in the paper's time zone. */
function sinceText(since: string, timeZone: string, now: Date) {
  const day = (instant: Date | string) => formatArticleDate(instant, timeZone)
  return day(since) === day(now) ? formatTime(since, timeZone) : formatDateWithTime(since, timeZone)
}

/**
 * Above the edit form while someone else holds the article's lock: who, since when, and
 * "Take over". `lost`: this person was editing and was taken over; their text stays in the
 * read-only form for them to copy, or to save after taking over again.
 */
export function ArticleLockBanner({
  holder,
  lost,
  onTakeOver,
}: {
  holder: EditLockHolder
  lost: boolean
  onTakeOver: () => Promise<boolean>
}) {
  const timeZone = usePaperTimeZone()
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  const since = sinceText(holder.since, timeZone, new Date())
  async function takeOver() {
    setBusy(true)
    const ok = await onTakeOver()
    setBusy(false)
    setFailed(!ok)
  }
  return (
    <Alert variant={lost ? 'destructive' : 'default'} data-edit-lock="" className="scroll-my-24">
      {lost ? <UserRoundXIcon aria-hidden="true" /> : <LockIcon aria-hidden="true" />}
      {/* The whole sentence, on as many lines as it takes: it names who took over. */}
      <AlertTitle className="line-clamp-none">
        {lost
          ? `${holder.name} took over editing at ${since}`
          : `${holder.name} is editing this article`}
      </AlertTitle>
      <AlertDescription className="grid gap-3">
        <p>
          {lost
            ? 'Your editor is now read-only and nothing more is saved from this tab. Your unsaved changes are still here: select and copy them, or take over again to go on editing.'
            : `Editing since ${since}. You can read the article; the form is read-only while they edit. Taking over turns their editor read-only (they keep their unsaved text).`}
        </p>
        {failed ? <p>The article could not be taken over. Please try again.</p> : null}
        <div>
          <Button
            type="button"
            size="sm"
            variant={lost ? 'outline' : 'default'}
            disabled={busy}
            onClick={() => void takeOver()}
          >
            {busy ? 'Taking over…' : lost ? 'Take over again' : 'Take over'}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  )
}
