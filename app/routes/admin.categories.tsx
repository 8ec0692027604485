import { Pencil, Plus } from 'lucide-react'
import { useState } from 'react'
import { useFetcher } from 'react-router'
import { CategoryDialog, type EditableCategory } from '~/components/admin/category-dialog'
import { ConfirmRowDelete } from '~/components/admin/confirm-action'
import { PageHeader } from '~/components/admin/page-header'
import { RowActionLabel } from '~/components/admin/row-action-label'
import { useActionToast } from '~/components/admin/use-action-toast'
import type { ActionResult } from '~/lib/action-result'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { listCategoriesWithArticleCounts } from '~/domain/categories/categories-queries.server'
import { categoryActionSchema } from '~/domain/categories/categories-schema'
import {
  createCategory,
  deleteCategory,
  updateCategory,
} from '~/domain/categories/categories.server'
import { canManageCategories } from '~/domain/access/access-rules'
import { requireStaff } from '~/domain/access/require-access.server'
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

  return (
    <>
      <PageHeader
        title="Categories"
        description="Deleting a category keeps its articles: they become Uncategorized."
        actions={
          <Button onClick={() => setDialog({ key: Date.now(), category: null })}>
            <Plus aria-hidden="true" />
            Add Category
          </Button>
        }
      />
      <Card>
        <CardContent className="p-0 sm:p-2">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Slug</TableHead>
                <TableHead className="hidden md:table-cell">Description</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {categories.length === 0 ? (
                <TableEmptyRow colSpan={4}>No categories yet. Add the first one.</TableEmptyRow>
              ) : null}
              {categories.map((category) => (
                <TableRow key={category.id} aria-busy={removing === category.id || undefined}>
                  <TableCell className="font-medium">
                    {category.name}
                    {/* Narrow screens fold the description under the name. */}
                    {category.description ? (
                      <span className="mt-0.5 line-clamp-2 block text-xs font-normal text-muted-foreground md:hidden">
                        {category.description}
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="font-mono text-xs text-muted-foreground">
                    {category.slug}
                  </TableCell>
                  <TableCell className="hidden min-w-48 max-w-md text-muted-foreground md:table-cell">
                    <span className="line-clamp-2">{category.description}</span>
                  </TableCell>
                  <TableCell className="text-right">
                    <div className="flex justify-end gap-1">
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

export const meta: Route.MetaFunction = () => [{ title: 'Categories · Admin Panel' }]
