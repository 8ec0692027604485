import { canCreateArticle } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { ArticleEditor } from './+shared/article-editor'
import {
  articleAlertLists,
  articleEditorAction,
  articleEditorOptions,
} from './+shared/article-editor.server'
import type { Route } from './+types/admin.new-article'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, canCreateArticle)
  const [options, alertLists] = await Promise.all([
    articleEditorOptions(user),
    articleAlertLists(user, null),
  ])
  return { ...options, alertLists }
}

export async function action(args: Route.ActionArgs) {
  return articleEditorAction(args, 'create', null)
}

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ArticleEditor
      mode="create"
      article={null}
      viewer={loaderData.viewer}
      timeZone={loaderData.timeZone}
      bylineChoices={loaderData.bylineChoices}
      authorName={loaderData.authorName}
      categories={loaderData.categories}
      categoriesError={loaderData.categoriesError}
      recentTags={loaderData.recentTags}
      plans={loaderData.plans}
      sitePreviewParagraphs={loaderData.sitePreviewParagraphs}
      actionData={actionData}
      alertLists={loaderData.alertLists}
    />
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'New Article · Admin Panel' }]
