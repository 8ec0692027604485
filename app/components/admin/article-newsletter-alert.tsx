import { Mail } from 'lucide-react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import type { AlertListState } from '~/domain/newsletter/alert-schema'
import type { ActionResult } from '~/lib/action-result'
import { formatCount } from '~/lib/format-count'
import { ConfirmAction } from './confirm-action'
import { useActionToast } from './use-action-toast'

/**
 * "Email to subscribers", in the publishing panel where nothing covers it: per list of article
 * alerts, once per list, with the recipients counted before it goes. On a story readers can
 * open now it mails the story (POST /admin/articles/{id}/newsletter-alert); on one about to be
 * published it offers "Publish and email …" (as Ghost's publish flow does), which saves the
 * form as published with the list (`onPublishAndEmail`) and the save sends it once.
 * `lists` come from the page's loader, which runs again after a send: no fetch of its own.
 */
export function ArticleNewsletterAlert({
  lists,
  articleId,
  moment,
  busy,
  onPublishAndEmail,
}: {
  /** The alert lists the viewer may send to (none when the role may not publish it). */
  lists: AlertListState[]
  articleId: number | null
  /** `live`: readers can open it now; `publish`: the panel's next step is "Publish". */
  moment: 'live' | 'publish' | null
  /** The form is being saved: no second send meanwhile. */
  busy: boolean
  onPublishAndEmail: (listId: number) => void
}) {
  const sender = useFetcher<ActionResult>()
  useActionToast(sender.data)
  if (lists.length === 0 || moment === null || (moment === 'live' && articleId === null)) {
    return null
  }
  const sending = busy || sender.state !== 'idle'
  return (
    <section aria-labelledby="newsletter-alert-title" className="grid gap-2 rounded-md border p-3">
      <h3
        id="newsletter-alert-title"
        className="flex items-center gap-1.5 font-sans text-sm font-medium"
      >
        <Mail aria-hidden="true" className="size-4" /> Email to subscribers
      </h3>
      <ul className="grid gap-2">
        {lists.map((list) => (
          <li key={list.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            {moment === 'live' && !list.sent && list.recipients > 0 ? (
              <span id={`alert-list-${list.id}`} className="grid">
                <span className="font-medium">{list.name}</span>
                <span className="text-muted-foreground">
                  {formatCount(list.recipients, 'confirmed subscriber')}
                </span>
              </span>
            ) : null}
            {list.sent ? (
              <span className="text-muted-foreground">
                {list.name}: sent to {formatCount(list.sent.recipients, 'subscriber')} (
                {list.sent.status})
              </span>
            ) : list.recipients === 0 ? (
              // Said, not just greyed out: the desk learns why nothing can go.
              <span className="text-muted-foreground">
                No confirmed subscribers on {list.name} yet
              </span>
            ) : moment === 'publish' ? (
              <ConfirmAction
                trigger={
                  <Button
                    type="button"
                    variant="outline"
                    disabled={sending}
                    className="h-auto w-full justify-start py-2 text-left whitespace-normal"
                  >
                    Publish and email {list.name}, {formatCount(list.recipients, 'subscriber')}
                  </Button>
                }
                question={`Publish and email this story to ${formatCount(list.recipients, 'subscriber')}?`}
                description={`It goes out on the site now and to ${list.name} once; it cannot be sent to that list again.`}
                confirmLabel="Publish and email"
                tone="default"
                onConfirm={() => onPublishAndEmail(list.id)}
              />
            ) : (
              <ConfirmAction
                trigger={
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={sending}
                    aria-describedby={`alert-list-${list.id}`}
                  >
                    Email to subscribers
                  </Button>
                }
                question={`Email this story to ${formatCount(list.recipients, 'subscriber')}?`}
                description={`It goes to ${list.name} once; it cannot be sent to that list again.`}
                confirmLabel="Send"
                tone="default"
                onConfirm={() =>
                  sender.submit(
                    { intent: 'send-alert', listId: String(list.id) },
                    { method: 'post', action: `/admin/articles/${articleId}/newsletter-alert` },
                  )
                }
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
