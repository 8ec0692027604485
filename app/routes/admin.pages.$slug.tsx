import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { LazyRichTextEditor } from '~/components/admin/rich-text-editor-lazy'
import { useActionToast } from '~/components/admin/use-action-toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { pageActionSchema } from '~/domain/pages/pages-schema'
import { getStaticPage } from '~/domain/pages/pages-queries.server'
import { saveStaticPage } from '~/domain/pages/pages.server'
import { isStaticPageSlug, STATIC_PAGE_LINKS } from '~/domain/pages/static-pages'
import { canManagePages } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { redirectWithToast } from '~/infra/toast.server'
import { failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.pages.$slug'
import { notFound } from './+shared/http-answers.server'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, canManagePages)
  if (!isStaticPageSlug(params.slug)) notFound('Page not found')
  const page = await getStaticPage(params.slug)
  const label = STATIC_PAGE_LINKS.find((l) => l.slug === params.slug)!.label
  return { page: { slug: page.slug, title: page.title, content: page.content }, label }
}

const FAILURE_TITLE = { save: 'Error saving page' } as const

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireStaff(request, canManagePages)
  if (!isStaticPageSlug(params.slug)) notFound('Page not found')
  const parsed = parseIntent(await request.formData(), pageActionSchema, {
    titles: FAILURE_TITLE,
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    await saveStaticPage(params.slug, post)
  } catch (error) {
    return failureFrom(error, {
      title: FAILURE_TITLE[post.intent],
      context,
      details: { slug: params.slug },
    })
  }
  return redirectWithToast('/admin/pages', { type: 'success', title: 'Page saved' })
}

export default function EditStaticPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, label } = loaderData
  useActionToast(actionData)
  const [content, setContent] = useState(page.content)
  const errors = actionData?.fieldErrors
  const saving = useNavigation().state === 'submitting'
  return (
    <>
      <PageHeader title={`Edit ${label}`} description={`Shown at /${page.slug}.`} />
      <Card>
        <CardContent className="p-4 sm:p-6">
          <Form method="post" className="grid gap-5">
            <input type="hidden" name="intent" value="save" />
            <Field>
              <Label htmlFor="page-title">Title</Label>
              <Input
                id="page-title"
                name="title"
                defaultValue={page.title}
                aria-invalid={errors?.title ? true : undefined}
                aria-describedby={errors?.title ? 'page-title-error' : undefined}
              />
              <FieldError id="page-title-error" errors={errors?.title} />
            </Field>
            <Field>
              <Label id="page-content-label">Content</Label>
              <LazyRichTextEditor
                name="content"
                value={content}
                onChange={setContent}
                labelId="page-content-label"
                invalid={Boolean(errors?.content)}
                describedBy={errors?.content ? 'page-content-error' : undefined}
              />
              <FieldError id="page-content-error" errors={errors?.content} />
            </Field>
            <div className="flex gap-2">
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving…' : 'Save Page'}
              </Button>
              <Button asChild variant="outline">
                <Link to="/admin/pages">Cancel</Link>
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.label ?? 'Page'} · Admin Panel` },
]
