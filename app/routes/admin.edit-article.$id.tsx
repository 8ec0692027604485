import { useEffect, useState } from 'react'
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router'
import { ArticleLockBanner } from '~/components/admin/article-lock-banner'
import { useEditLock } from '~/components/admin/use-edit-lock'
import { ArticleCorrections } from '~/components/admin/article-corrections'
import { ArticleRevisions } from '~/components/admin/article-revisions'
import { ArticleViewsCard } from '~/components/admin/article-views'
import { getArticleViewStats } from '~/domain/articles/article-views-queries.server'
import { ReviewNotice } from '~/components/admin/review-notice'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import type { BreadcrumbHandle } from '~/config/admin-navigation'
import { getArticleForEdit } from '~/domain/articles/admin-articles-queries.server'
import { isLive } from '~/domain/articles/article-rules'
import { getReviewNote } from '~/domain/articles/review-queries.server'
import { getEditLock } from '~/domain/articles/edit-lock.server'
import { canEditArticle, canOpenArticle, canSeeArticleViews } from '~/domain/access/access-rules'
import { forbidden, requireStaff } from './+shared/require-access.server'
import { ArticleEditor } from './+shared/article-editor'
import {
  articleAlertLists,
  articleEditorAction,
  articleEditorOptions,
  parseArticleId,
} from './+shared/article-editor.server'
import type { Route } from './+types/admin.edit-article.$id'
import { notFound } from './+shared/http-answers.server'
import { notFoundOf } from '~/lib/not-found'

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request)
  const id = parseArticleId(params.id)
  const article = id === null ? null : await getArticleForEdit(id)
  if (!article) notFound('Failed to fetch article')
  // Its writer opens it in any state (a submission waiting for review included); saving is
  // still refused to whoever may not edit it.
  if (!canOpenArticle(user, article)) forbidden()
  // "View on site" only for what readers can open now (not a scheduled article).
  const live = isLive(article, new Date())
  const [options, reviewNote, views, alertLists, lock] = await Promise.all([
    articleEditorOptions(user, article.authorId, article.coAuthorIds),
    getReviewNote(article.id),
    // The desk's figures: editors and admins.
    canSeeArticleViews(user) ? getArticleViewStats(article.id) : null,
    articleAlertLists(user, article),
    // Who holds the edit lock, read only (a GET writes nothing): the page claims it itself.
    getEditLock(article.id),
  ])
  // A writer reading her submission sees it, not a form she may not save.
  const editable = canEditArticle(user, article)
  return { article, live, reviewNote, editable, views, alertLists, lock, ...options }
}

export async function action(args: Route.ActionArgs) {
  const id = parseArticleId(args.params.id)
  if (id === null) {
    await requireStaff(args.request)
    notFound('Failed to fetch article')
  }
  return articleEditorAction(args, 'edit', id)
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const notice = (
    <ReviewNotice
      article={loaderData.article}
      note={loaderData.reviewNote}
      viewer={loaderData.viewer}
      writerName={loaderData.authorName}
      timeZone={loaderData.timeZone}
    />
  )
  if (!loaderData.editable) {
    return <SubmittedArticle article={loaderData.article} notice={notice} />
  }
  // Another article is another form and another lock: nothing typed carries over.
  return (
    <LockedArticleEditor
      key={loaderData.article.id}
      loaderData={loaderData}
      actionData={actionData}
      notice={notice}
    />
  )
}

/**
 * The form under the article's edit lock (docs/decisions/0051-edit-locks.md): editable while
 * this person holds it, read-only with the banner while someone else does.
 */
function LockedArticleEditor({
  loaderData,
  actionData,
  notice,
}: Pick<Route.ComponentProps, 'loaderData' | 'actionData'> & { notice: React.ReactNode }) {
  const { state, takeOver, checkIn } = useEditLock(
    loaderData.article.id,
    loaderData.lock,
    loaderData.viewer.id,
  )
  const revalidator = useRevalidator()
  useEffect(() => {
    if (actionData?.code === 'LOCKED') checkIn()
  }, [actionData, checkIn])
  // Opened read-only, the form holds nothing typed: after taking over it opens afresh on the
  // latest version. Taken over while editing, it keeps the person's own text instead (a save
  // over someone else's newer version then meets the conflict warning).
  const [opening, setOpening] = useState({ count: 0, busy: false })
  async function onTakeOver() {
    const fresh = state.status === 'held' && !state.lost
    if (fresh) setOpening(({ count }) => ({ count, busy: true }))
    const ok = await takeOver()
    if (ok && fresh) await revalidator.revalidate()
    if (fresh) setOpening(({ count }) => ({ count: ok ? count + 1 : count, busy: false }))
    return ok
  }
  const banner =
    state.status === 'held' ? (
      <ArticleLockBanner holder={state.holder} lost={state.lost} onTakeOver={onTakeOver} />
    ) : null
  return (
    <ArticleEditor
      key={opening.count}
      readOnly={state.status !== 'mine' || opening.busy}
      mode="edit"
      article={loaderData.article}
      live={loaderData.live}
      viewer={loaderData.viewer}
      timeZone={loaderData.timeZone}
      bylineChoices={loaderData.bylineChoices}
      authorName={loaderData.authorName}
      coAuthors={loaderData.coAuthors}
      categories={loaderData.categories}
      categoriesError={loaderData.categoriesError}
      recentTags={loaderData.recentTags}
      plans={loaderData.plans}
      sitePreviewParagraphs={loaderData.sitePreviewParagraphs}
      actionData={actionData}
      notice={
        <>
          {banner}
          {notice}
        </>
      }
      alertLists={loaderData.alertLists}
      panels={
        <div className="grid grid-cols-1 gap-6">
          {loaderData.views ? <ArticleViewsCard stats={loaderData.views} /> : null}
          <ArticleRevisions
            articleId={loaderData.article.id}
            currentStatus={loaderData.article.status}
          />
          <ArticleCorrections articleId={loaderData.article.id} />
        </div>
      }
    />
  )
}

/**
 * Her submission as its writer reads it while it waits for review: the notice (with "Withdraw
 * to draft" while no editor has acted on it), the title and excerpt, and the preview.
 */
function SubmittedArticle({
  article,
  notice,
}: {
  article: { id: number; title: string; excerpt: string }
  notice: React.ReactNode
}) {
  return (
    <div className="grid max-w-3xl gap-6">
      {notice}
      <div className="grid gap-2">
        <h1 className="font-serif text-3xl font-bold">{article.title}</h1>
        {article.excerpt ? <p className="text-muted-foreground">{article.excerpt}</p> : null}
      </div>
      <Button asChild variant="outline" className="justify-self-start">
        <a href={`/admin/preview/${article.id}`} target="_blank" rel="noreferrer">
          Preview
        </a>
      </Button>
    </div>
  )
}

// The breadcrumb names the article by its title: "Edit Article › {title}".
export const handle: BreadcrumbHandle = {
  breadcrumb: (data) => (data as Route.ComponentProps['loaderData']).article.title,
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: loaderData?.article
      ? `Edit: ${loaderData.article.title} · Admin Panel`
      : 'Article not found · Admin Panel',
  },
]

export function ErrorBoundary() {
  const error = useRouteError()
  const missing = notFoundOf(error) !== null
  const refused = isRouteErrorResponse(error) && error.status === 403
  return (
    <div className="mx-auto grid max-w-xl gap-4 py-10">
      <Alert variant="destructive">
        <AlertTitle>Failed to fetch article</AlertTitle>
        <AlertDescription>
          {missing
            ? 'There is no article with this address. It may have been deleted.'
            : refused
              ? 'Your role does not allow you to edit this article. An article waiting for review is edited by an editor until it is returned to you.'
              : 'The article could not be loaded. Please try again in a moment.'}
        </AlertDescription>
      </Alert>
      <Button asChild variant="outline" className="justify-self-start">
        <Link to="/admin/articles">Back to articles</Link>
      </Button>
    </div>
  )
}
