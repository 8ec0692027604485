import { data } from 'react-router'
import { ArticlePreview } from '~/components/admin/article-preview'
import { PageStatus } from '~/components/site/page-status'
import { requireAdmin } from '~/infra/permissions.server'
import { previewOfStoredArticle, previewOfSubmission } from './+shared/article-preview.server'
import { parseArticleId } from './+shared/article-editor.server'
import type { Route } from './+types/_site.admin.preview.$id'

// Admin preview: the article inside the public layout, exactly as readers would see it, for
// any status. GET shows the stored article; the form's Preview button POSTs its unsaved
// values here (into a new tab). Lives under _site for the public header and footer.

const NO_STORE = { 'Cache-Control': 'private, no-store' }

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  if (params.id === 'new') return data({ article: null }, { headers: NO_STORE })
  const id = parseArticleId(params.id)
  const article = id === null ? null : await previewOfStoredArticle(id)
  if (!article) throw data('Article not found', { status: 404, headers: NO_STORE })
  return data({ article }, { headers: NO_STORE })
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdmin(request)
  const id = params.id === 'new' ? null : parseArticleId(params.id)
  if (params.id !== 'new' && id === null) throw data('Article not found', { status: 404 })
  const result = await previewOfSubmission(await request.formData(), user, id)
  if (result.error !== undefined) {
    return data({ article: null, error: result.error }, { status: 400, headers: NO_STORE })
  }
  return data({ article: result.article, error: null }, { headers: NO_STORE })
}

export function headers() {
  return NO_STORE
}

export default function ArticlePreviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const article = actionData?.article ?? loaderData.article
  if (!article) {
    return (
      <PageStatus
        title="Nothing to preview"
        alert={actionData?.error ? `This preview cannot be shown: ${actionData.error}` : undefined}
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
