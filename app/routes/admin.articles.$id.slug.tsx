import { Form, redirect } from 'react-router'
import { z } from 'zod'
import { PageHeader } from '~/components/admin/page-header'
import { Alert, AlertDescription } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { canChangeArticleSlug } from '~/domain/access/access-rules'
import { articleAccessFacts } from '~/domain/access/require-access.server'
import { changeArticleSlug } from '~/domain/articles/article-slug.server'
import { readArticleFacts } from '~/domain/articles/article-changes.server'
import { createToastHeaders } from '~/infra/toast.server'
import { failureSentence } from '~/lib/action-result'
import { failureFrom } from './+shared/action-results.server'
import { notFound } from './+shared/http-answers.server'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.articles.$id.slug'

const idSchema = z.coerce.number().int().positive()

async function articleOr404(idParam: string | undefined) {
  const id = idSchema.safeParse(idParam)
  const article = id.success ? await readArticleFacts(id.data) : null
  if (!id.success || !article || !(await articleAccessFacts(id.data))) notFound('Article not found')
  return { id: id.data, article }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, canChangeArticleSlug)
  const { id, article } = await articleOr404(params.id)
  return { id, slug: article.slug }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaff(request, canChangeArticleSlug)
  const { id } = await articleOr404(params.id)
  const slug = String((await request.formData()).get('slug') ?? '')
  try {
    const saved = await changeArticleSlug(id, slug, user)
    return redirect(`/admin/edit-article/${id}`, {
      headers: await createToastHeaders({
        type: 'success',
        title: 'Address changed',
        description: `The article is now at /article/${saved.slug}; its old address leads there.`,
      }),
    })
  } catch (error) {
    return failureFrom(error, { context, details: { id } })
  }
}

export default function ArticleSlugPage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData?.ok === false ? actionData : null
  const errors = failed?.fieldErrors?.slug
  // A failure that is not about the slug (someone else's change, the unexpected) is said above
  // the form: without it the button would seem to do nothing.
  const formError = failed && !errors ? failureSentence(failed) : null
  return (
    <>
      <PageHeader
        title="Change the article’s address"
        description="Readers, feeds and search engines hold the old address: once the article has been public, it answers with a permanent redirect to the new one."
      />
      <Card>
        <CardContent className="pt-6">
          <Form method="post" className="grid max-w-xl gap-4">
            {formError ? (
              <Alert variant="destructive">
                <AlertDescription>{formError}</AlertDescription>
              </Alert>
            ) : null}
            <Field>
              <Label htmlFor="article-slug">Slug (after /article/)</Label>
              <Input
                id="article-slug"
                name="slug"
                defaultValue={loaderData.slug}
                required
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? 'article-slug-error' : undefined}
              />
              <FieldError id="article-slug-error" errors={errors} />
            </Field>
            <Button type="submit" className="justify-self-start">
              Change address
            </Button>
          </Form>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Article address · Admin Panel' }]
