import { Check, Pencil, Plus, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFetcher, useNavigation, useRevalidator } from 'react-router'
import { ConfirmRowDelete } from '~/components/admin/confirm-action'
import { PageHeader } from '~/components/admin/page-header'
import { RowActionLabel } from '~/components/admin/row-action-label'
import { useActionToast } from '~/components/admin/use-action-toast'
import type { ActionResult } from '~/lib/action-result'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { listTags, type Tag } from '~/domain/tags/tags-queries.server'
import { tagActionSchema, tagSchema } from '~/domain/tags/tags-schema'
import { createTag, deleteTag, updateTag } from '~/domain/tags/tags.server'
import { canManageTags } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.tags'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageTags)
  return { tags: await listTags() }
}

// docs/product.md §8: every failure toast of this screen is titled "Error".
const FAILURE_TITLE = { create: 'Error', update: 'Error', delete: 'Error' } as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManageTags)
  const parsed = parseIntent(await request.formData(), tagActionSchema, { titles: FAILURE_TITLE })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'create':
        await createTag(post)
        return actionSuccess({
          type: 'success',
          title: 'Success',
          description: 'Tag created successfully',
        })
      case 'update':
        await updateTag(post.id, post)
        return actionSuccess({
          type: 'success',
          title: 'Success',
          description: 'Tag updated successfully',
        })
      case 'delete':
        await deleteTag(post.id)
        return actionSuccess({
          type: 'success',
          title: 'Success',
          description: 'Tag deleted successfully',
        })
    }
  } catch (error) {
    // docs/product.md §8: tag failures are also logged (the unexpected, with the request's id).
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

function clientErrors(name: string) {
  const parsed = tagSchema.safeParse({ name })
  return parsed.success ? undefined : parsed.error.issues.map((i) => i.message)
}

function TagRow({ tag }: { tag: Tag }) {
  const editor = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  useActionToast(editor.data)
  useActionToast(remover.data)
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(tag.name)
  const [errors, setErrors] = useState<string[] | undefined>()
  const serverErrors = editor.data?.ok === false ? editor.data.fieldErrors?.name : undefined

  // docs/product.md §4: after a tag update, edit mode ends.
  useEffect(() => {
    if (editor.state === 'idle' && editor.data?.ok) setEditing(false)
  }, [editor.state, editor.data])

  if (editing) {
    const errorId = `tag-${tag.id}-error`
    return (
      <TableRow>
        <TableCell colSpan={3}>
          <form
            className="flex flex-wrap items-start gap-2"
            onSubmit={(e) => {
              e.preventDefault()
              const problems = clientErrors(name)
              setErrors(problems)
              if (!problems)
                editor.submit({ intent: 'update', id: String(tag.id), name }, { method: 'post' })
            }}
          >
            <div className="grid min-w-48 flex-1 gap-1">
              <Label htmlFor={`tag-${tag.id}-name`} className="sr-only">
                New name for {tag.name}
              </Label>
              <Input
                id={`tag-${tag.id}-name`}
                value={name}
                autoFocus
                onChange={(e) => setName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') setEditing(false)
                }}
                aria-invalid={errors || serverErrors ? true : undefined}
                aria-describedby={errors || serverErrors ? errorId : undefined}
              />
              <FieldError id={errorId} errors={errors ?? serverErrors} />
            </div>
            <Button type="submit" size="sm" disabled={editor.state !== 'idle'}>
              <Check aria-hidden="true" /> Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              <X aria-hidden="true" /> Cancel
            </Button>
          </form>
        </TableCell>
      </TableRow>
    )
  }
  return (
    <TableRow aria-busy={remover.state !== 'idle' || undefined}>
      <TableCell className="font-medium">
        {tag.name}
        {/* Narrow screens fold the slug under the name so the actions stay in view. */}
        <span className="mt-0.5 block break-all font-mono text-xs font-normal text-muted-foreground sm:hidden">
          {tag.slug}
        </span>
      </TableCell>
      <TableCell className="hidden font-mono text-xs text-muted-foreground sm:table-cell">
        {tag.slug}
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setName(tag.name)
              setErrors(undefined)
              setEditing(true)
            }}
          >
            <RowActionLabel icon={Pencil} label="Edit" name={tag.name} />
          </Button>
          <ConfirmRowDelete
            question="Are you sure you want to delete this tag?"
            description={`“${tag.name}” is removed from every article that has it. The articles stay.`}
            onConfirm={() =>
              remover.submit({ intent: 'delete', id: String(tag.id) }, { method: 'post' })
            }
            name={tag.name}
            busy={remover.state !== 'idle'}
          />
        </div>
      </TableCell>
    </TableRow>
  )
}

export default function TagsPage({ loaderData }: Route.ComponentProps) {
  const creator = useFetcher<ActionResult>()
  useActionToast(creator.data)
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useState<string[] | undefined>()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const loading =
    revalidator.state === 'loading' ||
    creator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === '/admin/tags')
  const serverErrors = creator.data?.ok === false ? creator.data.fieldErrors?.name : undefined

  useEffect(() => {
    if (creator.state === 'idle' && creator.data?.ok) formRef.current?.reset()
  }, [creator.state, creator.data])

  return (
    <>
      <PageHeader title="Tags" description="Tags connect related articles across categories." />
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <CardTitle>
            <h2>Tag Management</h2>
          </CardTitle>
          <CardDescription>
            The address of a tag comes from its name; if another tag has it, -2, -3… is added.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0">
          <creator.Form
            ref={formRef}
            method="post"
            noValidate
            className="flex flex-wrap items-start gap-2"
            onSubmit={(e) => {
              const problems = clientErrors(String(new FormData(e.currentTarget).get('name') ?? ''))
              setErrors(problems)
              if (problems) e.preventDefault()
            }}
          >
            <input type="hidden" name="intent" value="create" />
            <div className="grid min-w-48 flex-1 gap-1">
              <Label htmlFor="new-tag-name" className="sr-only">
                Tag name
              </Label>
              <Input
                id="new-tag-name"
                name="name"
                placeholder="Tag name"
                autoComplete="off"
                aria-invalid={errors || serverErrors ? true : undefined}
                aria-describedby={errors || serverErrors ? 'new-tag-error' : undefined}
              />
              <FieldError id="new-tag-error" errors={errors ?? serverErrors} />
            </div>
            <Button type="submit" disabled={creator.state !== 'idle'}>
              <Plus aria-hidden="true" /> Add Tag
            </Button>
          </creator.Form>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="hidden sm:table-cell">Slug</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody aria-busy={loading || undefined}>
              {loading ? (
                <TableRow>
                  <TableCell colSpan={3} className="text-center text-muted-foreground">
                    Loading...
                  </TableCell>
                </TableRow>
              ) : null}
              {loaderData.tags.length === 0 ? (
                <TableEmptyRow colSpan={3}>No tags yet.</TableEmptyRow>
              ) : null}
              {loaderData.tags.map((tag) => (
                <TagRow key={`${tag.id}:${tag.updatedAt.valueOf()}`} tag={tag} />
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Tags · Admin Panel' }]
