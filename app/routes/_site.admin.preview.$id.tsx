import { data } from 'react-router'
import { ArticlePreview } from '~/components/admin/article-preview'
import { PageStatus } from '~/components/site/page-status'
import { getArticlePreviewView, previewArticleInput } from '~/domain/articles/article-view.server'
import { articleDraftSchema, articleFormValues } from '~/domain/articles/articles-schema'
import { canPreviewArticle } from '~/domain/access/access-rules'
import { articleAccessFacts, forbidden, requireStaff } from './+shared/require-access.server'
import { ACTION_CODES, type ActionResult } from '~/lib/action-result'
import { fieldErrorsOf, firstFieldError } from '~/lib/field-errors'
import { actionFailure } from './+shared/action-results.server'
import { parseArticleId } from './+shared/article-editor.server'
import { notFound } from './+shared/http-answers.server'
import type { Route } from './+types/_site.admin.preview.$id'

// Admin preview: the article inside the public layout, exactly as readers would see it, for
// any status. GET shows the stored article; the form's Preview button POSTs its unsaved
// values here (into a new tab). Lives under _site for the public header and footer.

const NO_STORE = { 'Cache-Control': 'private, no-store' }

type ArticlePreviewData = Awaited<ReturnType<typeof previewArticleInput>>

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request)
  if (params.id === 'new') return data({ article: null }, { headers: NO_STORE })
  const id = parseArticleId(params.id)
  const facts = id === null ? null : await articleAccessFacts(id)
  if (facts && !canPreviewArticle(user, facts)) forbidden()
  const article = id === null ? null : await getArticlePreviewView(id)
  if (!article) notFound('Article not found', { headers: NO_STORE })
  return data({ article }, { headers: NO_STORE })
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request)
  const id = params.id === 'new' ? null : parseArticleId(params.id)
  if (params.id !== 'new' && id === null) notFound('Article not found', { headers: NO_STORE })
  const facts = id === null ? null : await articleAccessFacts(id)
  if (facts && !canPreviewArticle(user, facts)) forbidden()
  // Autosave's rules, not a save's: an unfinished article can be previewed, even untitled.
  const form = await request.formData()
  const values = articleFormValues(form)
  const parsed = articleDraftSchema.safeParse({
    ...values,
    title: values.title?.trim() || 'Untitled',
  })
  if (!parsed.success) {
    // Answered like every form post: 400 with the schema's messages (actionInvalid); the page
    // shows the first of them, since the form it came from is in another tab.
    return actionFailure<{ article: ArticlePreviewData }>(
      400,
      { code: ACTION_CODES.invalidField, fieldErrors: fieldErrorsOf(parsed.error) },
      { headers: NO_STORE },
    )
  }
  const article = await previewArticleInput(parsed.data, {
    id,
    fallbackAuthorId: user.id,
    fallbackAuthorName: user.username,
    coAuthorIds: facts?.coAuthorIds ?? [],
    // The Preview button says whether the form held changes not saved yet (its value).
    unsaved: form.get('unsaved') !== '0',
  })
  return data<ActionResult<{ article: ArticlePreviewData }>>(
    { ok: true, article },
    { headers: NO_STORE },
  )
}

export function headers() {
  return NO_STORE
}

export default function ArticlePreviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const article = actionData?.article ?? loaderData.article
  const refusal = actionData?.ok === false ? firstFieldError(actionData.fieldErrors) : undefined
  if (!article) {
    return (
      <PageStatus
        title="Nothing to preview"
        alert={refusal ? `This preview cannot be shown: ${refusal}` : undefined}
        message="Open the preview from the article form to see your article as readers will."
      />
    )
  }
  return <ArticlePreview article={article} />
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `Preview: ${loaderData?.article?.title ?? 'Article'}` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export function ErrorBoundary() {
  return (
    <PageStatus
      title="Article not found"
      message="There is no article with this address. It may have been deleted."
    />
  )
}
