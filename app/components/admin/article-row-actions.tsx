import { ArchiveIcon, EyeIcon, EyeOffIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import { Link, useFetcher } from 'react-router'
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
import { Button } from '~/components/ui/button'
import {
  canDeleteArticle,
  canEditArticle,
  canPublishArticle,
  type Actor,
} from '~/domain/access/access-rules'
import type { ArticleStatus } from '~/domain/articles/articles-schema'
import { cn } from '~/lib/utils'
import { useActionToast } from './use-action-toast'
import type { ActionResult } from '~/lib/action-result'

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this article?'

// Below md the buttons show only their icon (the word stays for screen readers); above, they
// are small enough for four to sit in one table row beside the title.
const compact = 'max-md:size-9 max-md:px-0 md:h-8 md:gap-1.5 md:px-2.5 md:text-xs'

function ButtonLabel({ children, iconOnly }: { children: string; iconOnly: boolean }) {
  return <span className={iconOnly ? 'sr-only' : 'max-md:sr-only'}>{children}</span>
}

/** The action buttons post to the page's own action with an intent and the article id. */
function useArticleFetcher() {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  return fetcher
}

export function ArticleEditButton({ id, iconOnly = false }: { id: number; iconOnly?: boolean }) {
  return (
    <Button asChild variant="outline" size="sm" className={cn(compact, iconOnly && 'size-9 px-0')}>
      <Link to={`/admin/edit-article/${id}`} title="Edit">
        <PencilIcon aria-hidden="true" />
        <ButtonLabel iconOnly={iconOnly}>Edit</ButtonLabel>
      </Link>
    </Button>
  )
}

/** Delete, after its confirmation (docs/product.md §2 Dashboard). */
export function ArticleDeleteButton({
  id,
  title,
  iconOnly = false,
}: {
  id: number
  title: string
  iconOnly?: boolean
}) {
  const fetcher = useArticleFetcher()
  const busy = fetcher.state !== 'idle'
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="destructive"
          size="sm"
          disabled={busy}
          title="Delete"
          className={cn(compact, iconOnly && 'size-9 px-0')}
        >
          <Trash2Icon aria-hidden="true" />
          <ButtonLabel iconOnly={iconOnly}>Delete</ButtonLabel>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{DELETE_CONFIRMATION}</AlertDialogTitle>
          <AlertDialogDescription>
            “{title}” will be removed for good, with its tag links. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() => fetcher.submit({ intent: 'delete', id }, { method: 'post' })}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

/** Archive and Hide (Show when hidden) of the dashboard's Recent Articles. */
export function ArticleStatusButtons({ id, status }: { id: number; status: ArticleStatus }) {
  const archive = useArticleFetcher()
  const visibility = useArticleFetcher()
  const hidden = status === 'hidden'
  return (
    <>
      <archive.Form method="post">
        <input type="hidden" name="id" value={id} />
        <Button
          type="submit"
          name="intent"
          value="archive"
          variant="outline"
          size="sm"
          disabled={archive.state !== 'idle'}
          title="Archive"
          className={compact}
        >
          <ArchiveIcon aria-hidden="true" />
          <ButtonLabel iconOnly={false}>Archive</ButtonLabel>
        </Button>
      </archive.Form>
      <visibility.Form method="post">
        <input type="hidden" name="id" value={id} />
        <Button
          type="submit"
          name="intent"
          value={hidden ? 'show' : 'hide'}
          variant="outline"
          size="sm"
          disabled={visibility.state !== 'idle'}
          title={hidden ? 'Show' : 'Hide'}
          className={compact}
        >
          {hidden ? <EyeIcon aria-hidden="true" /> : <EyeOffIcon aria-hidden="true" />}
          <ButtonLabel iconOnly={false}>{hidden ? 'Show' : 'Hide'}</ButtonLabel>
        </Button>
      </visibility.Form>
    </>
  )
}

/**
 * A row's actions, only those the signed-in role may take on this article (the server refuses
 * the rest anyway): Edit, then on the dashboard Archive and Hide/Show, then Delete. A row with
 * none says so to screen readers and shows a dash.
 */
export function ArticleRowActions({
  viewer,
  article,
  screen,
}: {
  viewer: Actor
  article: { id: number; title: string; status: ArticleStatus; authorId: string | null }
  screen: 'dashboard' | 'list'
}) {
  const mayEdit = canEditArticle(viewer, article)
  const mayPublish = screen === 'dashboard' && canPublishArticle(viewer, article)
  const mayDelete = canDeleteArticle(viewer, article)
  const iconOnly = screen === 'list'
  if (!mayEdit && !mayPublish && !mayDelete) {
    return (
      <div className="flex justify-end text-muted-foreground">
        {/* On a phone's row card an empty corner says it as well as a dash. */}
        <span aria-hidden="true" className="max-md:hidden">
          —
        </span>
        <span className="sr-only">No actions for your role</span>
      </div>
    )
  }
  return (
    <div className="flex justify-end gap-2">
      {mayEdit ? <ArticleEditButton id={article.id} iconOnly={iconOnly} /> : null}
      {mayPublish ? <ArticleStatusButtons id={article.id} status={article.status} /> : null}
      {mayDelete ? (
        <ArticleDeleteButton id={article.id} title={article.title} iconOnly={iconOnly} />
      ) : null}
    </div>
  )
}
