import { Mail } from 'lucide-react'
import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Skeleton } from '~/components/ui/skeleton'
import {
  canSendArticleAlert,
  type Actor,
  type ArticleAccessFacts,
} from '~/domain/access/access-rules'
import type { ActionResult } from '~/lib/action-result'
import type { AlertAnswer } from '~/routes/admin.articles.$id.newsletter-alert'
import { ConfirmAction } from './confirm-action'
import { useActionToast } from './use-action-toast'

/**
 * In the publishing panel, on a published story, for whoever may publish it: "Email to
 * subscribers" per list of article alerts, once per list, with the recipients counted before
 * it goes. Posts to /admin/articles/{id}/newsletter-alert.
 */
export function ArticleNewsletterAlert({
  article,
  viewer,
}: {
  article: ({ id: number } & ArticleAccessFacts) | null
  viewer: Actor
}) {
  if (!article || article.status !== 'published' || !canSendArticleAlert(viewer, article)) {
    return null
  }
  return <AlertLists articleId={article.id} />
}

function AlertLists({ articleId }: { articleId: number }) {
  const url = `/admin/articles/${articleId}/newsletter-alert`
  const state = useFetcher<AlertAnswer>()
  const sender = useFetcher<ActionResult>()
  useActionToast(sender.data)
  const { load } = state
  useEffect(() => {
    if (sender.state === 'idle') void load(url)
  }, [load, url, sender.state])
  const lists = state.data?.lists
  if (lists && lists.length === 0) return null
  return (
    <section aria-labelledby="newsletter-alert-title" className="grid gap-2 rounded-md border p-3">
      <h3
        id="newsletter-alert-title"
        className="flex items-center gap-1.5 font-sans text-sm font-medium"
      >
        <Mail aria-hidden="true" className="size-4" /> Email to subscribers
      </h3>
      {!lists ? (
        <Skeleton className="h-8 w-full" />
      ) : (
        <ul className="grid gap-2">
          {lists.map((list) => (
            <li key={list.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>{list.name}</span>
              {list.sent ? (
                <span className="text-muted-foreground">
                  Sent to {list.sent.recipients} ({list.sent.status})
                </span>
              ) : (
                <ConfirmAction
                  trigger={
                    <Button
                      type="button"
                      size="sm"
                      variant="outline"
                      disabled={sender.state !== 'idle' || list.recipients === 0}
                    >
                      Email to subscribers
                    </Button>
                  }
                  question={`Email this story to ${list.recipients} ${list.recipients === 1 ? 'subscriber' : 'subscribers'}?`}
                  description={`It goes to ${list.name} once; it cannot be sent to that list again.`}
                  confirmLabel="Send"
                  tone="default"
                  onConfirm={() =>
                    sender.submit(
                      { intent: 'send-alert', listId: String(list.id) },
                      { method: 'post', action: url },
                    )
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
