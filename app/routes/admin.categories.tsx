import { ArrowDown, ArrowUp, Pencil, Plus } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { data, useFetcher } from 'react-router'
import { CategoryDialog, type EditableCategory } from '~/components/admin/category-dialog'
import { ConfirmRowDelete } from '~/components/admin/confirm-action'
import { PageHeader } from '~/components/admin/page-header'
import { RowActionLabel } from '~/components/admin/row-action-label'
import { useActionToast } from '~/components/admin/use-action-toast'
import type { ActionResult } from '~/lib/action-result'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Switch } from '~/components/ui/switch'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import {
  listCategoriesWithArticleCounts,
  type CategoryWithCount,
} from '~/domain/categories/categories-queries.server'
import {
  categoryActionSchema,
  type CategoryPlace,
  type MoveDirection,
} from '~/domain/categories/categories-schema'
import {
  createCategory,
  deleteCategory,
  moveCategory,
  setCategoryShown,
  updateCategory,
} from '~/domain/categories/categories.server'
import { canManageCategories } from '~/domain/access/access-rules'
import { ACCESS_LEVEL_NAMES, isAccessLevel } from '~/domain/membership/access-level'
import { requireStaff } from './+shared/require-access.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.categories'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageCategories)
  return { categories: await listCategoriesWithArticleCounts() }
}

const FAILURE_TITLE = {
  create: 'Error creating category',
  update: 'Error updating category',
  delete: 'Error deleting category',
  move: 'Error moving category',
  show: 'Error updating category',
} as const

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManageCategories)
  const parsed = parseIntent(await request.formData(), categoryActionSchema, {
    titles: FAILURE_TITLE,
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'create':
        await createCategory(post)
        return actionSuccess({ type: 'success', title: 'Category created successfully' })
      case 'update':
        await updateCategory(post.id, post)
        return actionSuccess({ type: 'success', title: 'Category updated successfully' })
      case 'delete':
        await deleteCategory(post.id)
        return actionSuccess({ type: 'success', title: 'Category deleted successfully' })
      // The row shows the result itself (its place, its switch): no toast.
      case 'move':
        await moveCategory(post.id, post.direction)
        return data({ ok: true } satisfies ActionResult)
      case 'show':
        await setCategoryShown(post.id, post.place, post.shown)
        return data({ ok: true } satisfies ActionResult)
    }
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData
  const [dialog, setDialog] = useState<{ key: number; category: EditableCategory | null } | null>(
    null,
  )
  const remover = useFetcher<ActionResult>()
  useActionToast(remover.data)
  const removing = remover.state !== 'idle' ? Number(remover.formData?.get('id')) : null
  const mover = useFetcher<ActionResult>()
  useActionToast(mover.data)
  const moving = mover.state !== 'idle'
  // What the last move did, for screen readers; and the control to keep focus on, since a row
  // that moves may take its focused button out of the document for a moment.
  const [moved, setMoved] = useState<{ id: number; direction: MoveDirection } | null>(null)
  const table = useRef<HTMLTableElement>(null)
  const wasMoving = useRef(false)

  // Once a move has saved and the table shows the new order (the fetcher is idle again).
  useEffect(() => {
    const done = wasMoving.current && !moving
    wasMoving.current = moving
    if (!done || !moved) return
    const buttons = [
      ...(table.current?.querySelectorAll<HTMLButtonElement>(`[data-move-id="${moved.id}"]`) ?? []),
    ]
    const same = buttons.find((b) => b.dataset.direction === moved.direction)
    const target = same && !same.disabled ? same : buttons.find((b) => !b.disabled)
    if (target && document.activeElement !== target) target.focus()
  }, [moved, moving])

  function move(category: CategoryWithCount, direction: MoveDirection) {
    setMoved({ id: category.id, direction })
    mover.submit({ intent: 'move', id: String(category.id), direction }, { method: 'post' })
  }

  const movedIndex = moved ? categories.findIndex((c) => c.id === moved.id) : -1
  const movedName = movedIndex >= 0 ? categories[movedIndex].name : null

  return (
    <>
      <PageHeader
        title="Categories"
        description="Deleting a category keeps its articles: they become Uncategorized. The order here is the order of the navigation and of the home page’s sections; a category shows to readers once it has a published article."
        actions={
          <Button onClick={() => setDialog({ key: Date.now(), category: null })}>
            <Plus aria-hidden="true" />
            Add Category
          </Button>
        }
      />
      <p className="sr-only" role="status" aria-live="polite">
        {movedName && !moving
          ? `${movedName} is number ${movedIndex + 1} of ${categories.length}.`
          : ''}
      </p>
      <Card>
        <CardContent className="p-0 sm:p-2">
          <Table ref={table}>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="hidden sm:table-cell">Slug</TableHead>
                <TableHead className="hidden lg:table-cell">Description</TableHead>
                <TableHead className="whitespace-normal px-1 text-center sm:whitespace-nowrap sm:px-3">
                  Navigation
                </TableHead>
                <TableHead className="whitespace-normal px-1 text-center sm:whitespace-nowrap sm:px-3">
                  Home page
                </TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {categories.length === 0 ? (
                <TableEmptyRow colSpan={6}>No categories yet. Add the first one.</TableEmptyRow>
              ) : null}
              {categories.map((category, index) => (
                <TableRow key={category.id} aria-busy={removing === category.id || undefined}>
                  <TableCell className="min-w-32 font-medium">
                    {category.name}
                    {/* Narrow screens fold the slug and the description under the name. */}
                    <span className="mt-0.5 block font-mono text-xs font-normal text-muted-foreground sm:hidden">
                      {category.slug}
                    </span>
                    {category.description ? (
                      <span className="mt-0.5 line-clamp-2 text-xs font-normal text-muted-foreground lg:hidden">
                        {category.description}
                      </span>
                    ) : null}
                    {isAccessLevel(category.defaultAccess) &&
                    category.defaultAccess !== 'everyone' ? (
                      <span className="mt-1 block text-xs font-normal text-muted-foreground">
                        New articles: {ACCESS_LEVEL_NAMES[category.defaultAccess]}
                      </span>
                    ) : null}
                    {category.publicCount === 0 ? (
                      <span className="mt-1 block text-xs font-normal text-muted-foreground">
                        Not on the site until an article is published in it.
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden font-mono text-xs text-muted-foreground sm:table-cell">
                    {category.slug}
                  </TableCell>
                  <TableCell className="hidden min-w-48 max-w-md text-muted-foreground lg:table-cell">
                    <span className="line-clamp-2">{category.description}</span>
                  </TableCell>
                  <TableCell className="px-1 text-center sm:px-3">
                    <ShownSwitch category={category} place="navigation" />
                  </TableCell>
                  <TableCell className="px-1 text-center sm:px-3">
                    <ShownSwitch category={category} place="home" />
                  </TableCell>
                  <TableCell className="text-right">
                    {/* Two by two on a phone: the order, then edit and delete. */}
                    <div className="grid grid-cols-2 justify-items-end gap-1 sm:flex sm:justify-end">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        data-move-id={category.id}
                        data-direction="up"
                        disabled={index === 0 || moving}
                        onClick={() => move(category, 'up')}
                      >
                        <ArrowUp aria-hidden="true" />
                        <span className="sr-only">Move {category.name} up</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        data-move-id={category.id}
                        data-direction="down"
                        disabled={index === categories.length - 1 || moving}
                        onClick={() => move(category, 'down')}
                      >
                        <ArrowDown aria-hidden="true" />
                        <span className="sr-only">Move {category.name} down</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setDialog({ key: Date.now(), category })}
                      >
                        <RowActionLabel icon={Pencil} label="Edit" name={category.name} />
                      </Button>
                      <ConfirmRowDelete
                        question="Are you sure you want to delete this category?"
                        description={
                          category.articleCount > 0
                            ? `“${category.name}” will be deleted. Its ${category.articleCount} ${category.articleCount === 1 ? 'article is kept and becomes' : 'articles are kept and become'} Uncategorized.`
                            : `“${category.name}” will be deleted. It has no articles.`
                        }
                        onConfirm={() =>
                          remover.submit(
                            { intent: 'delete', id: String(category.id) },
                            { method: 'post' },
                          )
                        }
                        name={category.name}
                        busy={removing === category.id}
                      />
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {dialog ? (
        <CategoryDialog
          key={dialog.key}
          category={dialog.category}
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null)
          }}
        />
      ) : null}
    </>
  )
}

const PLACE_LABEL: Record<CategoryPlace, (name: string) => string> = {
  navigation: (name) => `Show ${name} in the navigation`,
  home: (name) => `Show ${name} on the home page`,
}

/** Shows or hides a category in one place; the switch shows the new state while it saves. */
function ShownSwitch({ category, place }: { category: CategoryWithCount; place: CategoryPlace }) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const saved = place === 'navigation' ? category.showInNavigation : category.showOnHome
  const pending = fetcher.formData?.get('shown')
  const checked = pending === undefined || pending === null ? saved : pending === 'true'
  return (
    <Switch
      checked={checked}
      aria-label={PLACE_LABEL[place](category.name)}
      onCheckedChange={(shown) =>
        fetcher.submit(
          { intent: 'show', id: String(category.id), place, shown: String(shown) },
          { method: 'post' },
        )
      }
    />
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Categories · Admin Panel' }]
