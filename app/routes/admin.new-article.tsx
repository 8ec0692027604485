import { canCreateArticle } from '~/domain/access/access-rules'
import { requireStaff } from '~/domain/access/require-access.server'
import { ArticleEditor } from './+shared/article-editor'
import { articleEditorAction, articleEditorOptions } from './+shared/article-editor.server'
import type { Route } from './+types/admin.new-article'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canCreateArticle)
  return articleEditorOptions()
}

export async function action(args: Route.ActionArgs) {
  return articleEditorAction(args, 'create', null)
}

export default function NewArticle({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ArticleEditor
      mode="create"
      article={null}
      categories={loaderData.categories}
      categoriesError={loaderData.categoriesError}
      recentTags={loaderData.recentTags}
      actionData={actionData}
    />
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'New Article · Admin Panel' }]
