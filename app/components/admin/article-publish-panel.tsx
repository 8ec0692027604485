import { ExternalLinkIcon, EyeIcon, Loader2Icon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Label } from '~/components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select'
import { ARTICLE_STATUS_LABELS, type ArticleStatus } from '~/domain/articles/articles-schema'
import type { PublishAction } from '~/domain/articles/publish-action'
import { cn } from '~/lib/utils'

/** What the save buttons need, on the side panel and on the phone's bottom bar alike. */
export interface PublishActionsProps {
  /** The id of the article form the buttons submit. */
  form: string
  mode: 'create' | 'edit'
  submitting: boolean
  /** Where Preview posts the form (a new tab). */
  previewAction: string
  /** The article on the public site, when readers can open it now. */
  liveUrl: string | null
  /** The form holds changes not saved yet: the preview's bar says so, and only then. */
  unsaved?: boolean
  /** The next step this role takes ("Publish", "Schedule", "Submit for review"), if any. */
  primary?: PublishAction | null
  /**
   * The role may not publish this article (a contributor, access-rules `canPublishArticle`):
   * its save keeps the article a draft and says so ("Save draft"), beside "Submit for review",
   * in place of the Status field.
   */
  draftOnly?: boolean
}

export function PreviewButton({
  form,
  previewAction,
  unsaved = true,
  compact = false,
}: Pick<PublishActionsProps, 'form' | 'previewAction' | 'unsaved'> & { compact?: boolean }) {
  return (
    <Button
      type="submit"
      form={form}
      name="unsaved"
      value={unsaved ? '1' : '0'}
      variant="outline"
      size={compact ? 'icon' : 'default'}
      data-preview=""
      formAction={previewAction}
      formTarget="_blank"
      formNoValidate
      title={compact ? 'Preview' : undefined}
      className={compact ? 'size-10 shrink-0' : 'flex-1'}
    >
      <EyeIcon aria-hidden="true" />
      <span className={compact ? 'sr-only' : undefined}>Preview</span>
    </Button>
  )
}

export function ViewOnSiteLink({ url, compact = false }: { url: string; compact?: boolean }) {
  return (
    <Button
      asChild
      variant="outline"
      size={compact ? 'icon' : 'default'}
      className={compact ? 'size-10 shrink-0' : 'flex-1'}
    >
      <a href={url} target="_blank" rel="noopener" title={compact ? 'View on site' : undefined}>
        <ExternalLinkIcon aria-hidden="true" />
        <span className={compact ? 'sr-only' : undefined}>View on site</span>
      </a>
    </Button>
  )
}

function SaveButton({
  form,
  mode,
  submitting,
  draftOnly = false,
  className,
  secondary = false,
}: Pick<PublishActionsProps, 'form' | 'mode' | 'submitting' | 'draftOnly'> & {
  className?: string
  /** Beside a named primary action, the save is the second choice. */
  secondary?: boolean
}) {
  return (
    <Button
      type="submit"
      form={form}
      disabled={submitting}
      aria-busy={submitting || undefined}
      variant={secondary ? 'outline' : 'default'}
      data-publish-status={draftOnly ? 'draft' : undefined}
      className={className}
    >
      {submitting ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
      {draftOnly ? 'Save draft' : mode === 'create' ? 'Create Article' : 'Update Article'}
    </Button>
  )
}

/**
 * The primary action named for what it does. It submits the form with `data-publish-status`,
 * which the editor's submit handler saves in place of the Status field's value.
 */
function PublishActionButton({
  form,
  action,
  submitting,
  className,
}: Pick<PublishActionsProps, 'form' | 'submitting'> & {
  action: PublishAction
  className?: string
}) {
  return (
    <Button
      type="submit"
      form={form}
      disabled={submitting}
      data-publish-status={action.status}
      className={className}
    >
      {action.label}
    </Button>
  )
}

/** The form's save and, when there is one, the action named for what it does, side by side. */
export function SaveButtons({
  actions,
  className,
}: {
  actions: PublishActionsProps
  className?: string
}) {
  return (
    <>
      <SaveButton
        form={actions.form}
        mode={actions.mode}
        submitting={actions.submitting}
        draftOnly={actions.draftOnly}
        secondary={Boolean(actions.primary)}
        className={className}
      />
      {actions.primary ? (
        <PublishActionButton
          form={actions.form}
          action={actions.primary}
          submitting={actions.submitting}
          className={className}
        />
      ) : null}
    </>
  )
}

/**
 * The publishing panel: status, publish date, byline, and the buttons, in one card that stays
 * in view beside the body on a desktop. On a phone the buttons live in the bottom bar
 * instead (ArticlePublishBar), so each button exists once at any width.
 *
 * On a desktop nothing sits under the sticky card (the editor keeps its column for it alone),
 * so it covers no control; on a short screen its fields scroll within it while its foot —
 * `distribution` (live coverage, "Email to subscribers") and the buttons — stays in view.
 * Its height leaves room for the page's heading above it, so the foot is in view from the
 * moment the form opens (at 1366×768 too), not only once the card has stuck.
 */
export function ArticlePublishPanel({
  children,
  actions,
  saveState,
  alert,
  distribution,
}: {
  children: ReactNode
  actions: PublishActionsProps
  /** Beside the title: where the form stands (saved at, unsaved changes). */
  saveState?: ReactNode
  /** Above the buttons: what stopped the last save (someone else's newer version). */
  alert?: ReactNode
  /** Above the buttons, at every width: where the story goes besides the site. */
  distribution?: ReactNode
}) {
  return (
    <Card className="lg:sticky lg:top-20 lg:z-10 lg:flex lg:max-h-[calc(100dvh-10rem)] lg:flex-col lg:shadow-md">
      <CardHeader className="shrink-0 flex-row flex-wrap items-baseline justify-between gap-x-3 gap-y-1 pb-0">
        <CardTitle>
          <h2 className="text-base">Publish</h2>
        </CardTitle>
        {saveState}
      </CardHeader>
      <CardContent
        data-publish-fields=""
        className="grid content-start gap-5 pt-5 pb-0 lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:pb-4"
      >
        {children}
        {alert}
      </CardContent>
      <div className="grid shrink-0 gap-3 px-6 pb-6 lg:border-t lg:pt-4">
        {/* Empty when the story goes nowhere else: no space kept for it. */}
        <div className="grid gap-3 pt-5 empty:hidden lg:pt-0">{distribution}</div>
        <div className="hidden gap-2 lg:grid">
          <div className="flex gap-2">
            <PreviewButton
              form={actions.form}
              previewAction={actions.previewAction}
              unsaved={actions.unsaved}
            />
            {actions.liveUrl ? <ViewOnSiteLink url={actions.liveUrl} /> : null}
          </div>
          <div className="flex gap-2">
            <SaveButtons actions={actions} className="flex-1" />
          </div>
        </div>
      </div>
    </Card>
  )
}

/** The Status select, offering only the statuses the signed-in role may save this article in. */
export function ArticleStatusField({
  value,
  choices,
  onChange,
  errors,
  form,
}: {
  value: ArticleStatus
  choices: readonly ArticleStatus[]
  onChange: (status: ArticleStatus) => void
  errors?: string[]
  form: string
}) {
  return (
    <Field>
      <Label htmlFor="status">Status</Label>
      <input type="hidden" name="status" value={value} form={form} />
      <Select value={value} onValueChange={(next) => onChange(next as ArticleStatus)}>
        <SelectTrigger
          id="status"
          // The phone's bottom bar brings the reader here to change the status.
          className="scroll-my-28"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? 'status-error' : undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((status) => (
            <SelectItem key={status} value={status}>
              {ARTICLE_STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldError id="status-error" errors={errors} />
    </Field>
  )
}

/**
 * The byline: editors choose any staff member (docs/product.md §6: the form's value, else the signed-in
 * user); everyone else sees whose name the article goes out under.
 */
export function ArticleBylineField({
  value,
  choices,
  authorName,
  onChange,
  errors,
  form,
}: {
  value: string
  /** Staff members to choose from, or null when the role may not change the byline. */
  choices: { id: string; name: string }[] | null
  authorName: string | null
  onChange: (authorId: string) => void
  errors?: string[]
  form: string
}) {
  if (!choices) {
    return (
      <div className="grid gap-1 text-sm">
        <input type="hidden" name="authorId" value={value} form={form} />
        <span className="font-medium">Author</span>
        <span className={cn(!authorName && 'text-muted-foreground')}>
          {authorName ?? 'Anonymous'}
        </span>
      </div>
    )
  }
  return (
    <Field>
      <Label htmlFor="authorId">Author</Label>
      <input type="hidden" name="authorId" value={value} form={form} />
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger
          id="authorId"
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? 'authorId-error' : undefined}
        >
          <SelectValue placeholder="Choose an author" />
        </SelectTrigger>
        <SelectContent>
          {choices.map((member) => (
            <SelectItem key={member.id} value={member.id}>
              {member.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldError id="authorId-error" errors={errors} />
    </Field>
  )
}
