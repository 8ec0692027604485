import { ChevronUpIcon } from 'lucide-react'
import { ARTICLE_STATUS_NAMES, type ArticleStatus } from '~/domain/articles/articles-schema'
import { cn } from '~/lib/utils'
import {
  PreviewButton,
  SaveButtons,
  ViewOnSiteLink,
  type PublishActionsProps,
} from './article-publish-panel'

/**
 * The phone's and tablet's publishing bar (below 1024 px, where the panel is not beside the
 * body): the status, Preview, View on site and the save button, stuck to the bottom of the
 * screen. It is sticky, not fixed: it keeps its own place at the end of the form, so it never
 * covers the last fields, and it stays within the content column. While it shows, toasts rise
 * above it (`--toast-bottom-inset`, read by components/ui/sonner.tsx).
 */
export function ArticlePublishBar({
  status,
  unsaved,
  ...actions
}: PublishActionsProps & { status: ArticleStatus; unsaved: boolean }) {
  function goToStatus() {
    const select = document.getElementById('status')
    select?.scrollIntoView({ block: 'center', behavior: 'smooth' })
    select?.focus({ preventScroll: true })
  }
  return (
    <div
      data-publish-bar=""
      className={cn(
        'sticky bottom-0 z-20 -mx-4 -mb-4 mt-2 flex items-center gap-1.5 border-t border-border bg-background px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.15)] sm:-mx-6 sm:-mb-6 sm:px-6 lg:hidden',
        'max-lg:[:root:has(&)]:[--toast-bottom-inset:4.75rem]',
      )}
    >
      {actions.draftOnly ? (
        // No Status field to go to: the buttons are the choices (Save draft, Submit for review).
        <span className="mr-auto min-w-0 truncate text-sm font-medium">
          {ARTICLE_STATUS_NAMES[status]}
        </span>
      ) : (
        <button
          type="button"
          onClick={goToStatus}
          className="mr-auto flex min-h-10 min-w-0 items-center gap-1 rounded-md pr-1 text-left text-sm focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="sr-only">Change status, now </span>
          <span className="truncate font-medium">{ARTICLE_STATUS_NAMES[status]}</span>
          {unsaved ? (
            <span className="size-2 shrink-0 rounded-full bg-primary" title="Not saved yet">
              <span className="sr-only">, not saved yet</span>
            </span>
          ) : null}
          <ChevronUpIcon aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
        </button>
      )}
      <PreviewButton
        form={actions.form}
        previewAction={actions.previewAction}
        unsaved={unsaved}
        compact
      />
      {actions.liveUrl ? <ViewOnSiteLink url={actions.liveUrl} compact /> : null}
      <SaveButtons actions={actions} className="shrink-0 px-3" />
    </div>
  )
}
