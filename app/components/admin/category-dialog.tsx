import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select'
import { Textarea } from '~/components/ui/textarea'
import { categorySchema } from '~/domain/categories/categories-schema'
import {
  ACCESS_LEVEL_NAMES,
  ACCESS_LEVELS,
  isAccessLevel,
  type AccessLevel,
} from '~/domain/membership/access-level'
import { slugify } from '~/lib/slugify'
import { useFormErrors } from '~/lib/use-form-errors'
import { useActionToast } from './use-action-toast'
import type { ActionResult } from '~/lib/action-result'

export interface EditableCategory {
  id: number
  name: string
  slug: string
  description: string | null
  /** What its new articles ask of their readers (issue 38). */
  defaultAccess: string
}

/** "Add Category" / "Edit Category" (docs/product.md §2, §4): closes after a successful submit. */
export function CategoryDialog({
  category,
  open,
  onOpenChange,
}: {
  category: EditableCategory | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const editing = category !== null
  const [name, setName] = useState(category?.name ?? '')
  const [slug, setSlug] = useState(category?.slug ?? '')
  // The slug follows the name until the admin types one (or is editing an existing one).
  const [slugTouched, setSlugTouched] = useState(editing)
  const [defaultAccess, setDefaultAccess] = useState<AccessLevel>(
    isAccessLevel(category?.defaultAccess) ? category.defaultAccess : 'everyone',
  )
  const { errors, onSubmit } = useFormErrors(
    categorySchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )
  const busy = fetcher.state !== 'idle'

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onOpenChange(false)
  }, [fetcher.state, fetcher.data, onOpenChange])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Category' : 'Add Category'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Change the name, address or description of this category.'
              : 'Categories group articles on the site and in its navigation. A new one comes last; it shows to readers once an article in it is published.'}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
          <input type="hidden" name="intent" value={editing ? 'update' : 'create'} />
          {editing ? <input type="hidden" name="id" value={category.id} /> : null}
          <Field>
            <Label htmlFor="category-name">Name</Label>
            <Input
              id="category-name"
              name="name"
              value={name}
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? 'category-name-error' : undefined}
              onChange={(e) => {
                setName(e.target.value)
                if (!slugTouched) setSlug(slugify(e.target.value))
              }}
            />
            <FieldError id="category-name-error" errors={errors.name} />
          </Field>
          <Field>
            <Label htmlFor="category-slug">Slug</Label>
            <Input
              id="category-slug"
              name="slug"
              value={slug}
              autoComplete="off"
              aria-invalid={errors.slug ? true : undefined}
              aria-describedby={
                errors.slug ? 'category-slug-hint category-slug-error' : 'category-slug-hint'
              }
              onChange={(e) => {
                setSlug(e.target.value)
                setSlugTouched(true)
              }}
            />
            <p id="category-slug-hint" className="text-xs text-muted-foreground">
              The address: /category/{slug || 'slug'}. If another category uses it, -2, -3… is
              added.
            </p>
            <FieldError id="category-slug-error" errors={errors.slug} />
          </Field>
          <Field>
            <Label htmlFor="category-description">Description</Label>
            <Textarea
              id="category-description"
              name="description"
              defaultValue={category?.description ?? ''}
              rows={3}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? 'category-description-error' : undefined}
            />
            <FieldError id="category-description-error" errors={errors.description} />
          </Field>
          <Field>
            <Label htmlFor="category-default-access">Default access</Label>
            <input type="hidden" name="defaultAccess" value={defaultAccess} />
            <Select
              value={defaultAccess}
              onValueChange={(value) => isAccessLevel(value) && setDefaultAccess(value)}
            >
              <SelectTrigger
                id="category-default-access"
                aria-invalid={errors.defaultAccess ? true : undefined}
                aria-describedby={
                  errors.defaultAccess
                    ? 'category-default-access-hint category-default-access-error'
                    : 'category-default-access-hint'
                }
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {ACCESS_LEVELS.map((level) => (
                  <SelectItem key={level} value={level}>
                    {ACCESS_LEVEL_NAMES[level]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p id="category-default-access-hint" className="text-xs text-muted-foreground">
              Who may read its new articles; each article can change it in its publishing panel.
              Articles already written keep theirs.
            </p>
            <FieldError id="category-default-access-error" errors={errors.defaultAccess} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : editing ? 'Update Category' : 'Create Category'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
