import { ImageIcon } from 'lucide-react'
import { useState } from 'react'
import { MediaPicker } from '~/components/admin/media-picker'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { FieldError } from '~/components/ui/field'
import { imageVariantUrl } from '~/lib/image-variants'

/**
 * docs/product.md §2: a preview, and "Select Image" / "Change Image" opening the "Media Library".
 * The social image (issue 40) is the same field under another name.
 */
export function ArticleFeaturedImageField({
  value,
  onChange,
  errors,
  form,
  name = 'featuredImage',
  legend = 'Featured Image',
  purpose = 'Choose the image shown at the top of the article and on its cards.',
  emptyText = 'No image selected',
  previewAlt = 'Featured image preview',
  buttonLabels = { select: 'Select Image', change: 'Change Image', remove: 'Remove image' },
}: {
  value: string
  onChange: (url: string) => void
  errors?: string[]
  /** The id of the form this field posts with, when it sits outside that form. */
  form?: string
  /** The form field it posts as. */
  name?: string
  legend?: string
  /** What the image is for, under the library dialog's title. */
  purpose?: string
  /** Said in place of the preview when no image is chosen. */
  emptyText?: string
  previewAlt?: string
  /** The buttons' names: each must be unique on the form. */
  buttonLabels?: { select: string; change: string; remove: string }
}) {
  const [open, setOpen] = useState(false)
  const errorId = `${name}-error`
  return (
    <fieldset className="grid gap-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      <input type="hidden" name={name} value={value} form={form} />
      {value ? (
        <img
          src={imageVariantUrl(value, 640)}
          alt={previewAlt}
          className="aspect-video w-full rounded-lg border border-border bg-muted object-cover"
        />
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-input bg-muted/40 p-2 text-center text-sm text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-6" />
          {emptyText}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          {value ? buttonLabels.change : buttonLabels.select}
        </Button>
        {value ? (
          <Button type="button" variant="ghost" onClick={() => onChange('')}>
            {buttonLabels.remove}
          </Button>
        ) : null}
      </div>
      <FieldError id={errorId} errors={errors} />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-3xl grid-cols-[minmax(0,1fr)]">
          <DialogHeader>
            <DialogTitle>Media Library</DialogTitle>
            <DialogDescription>{purpose}</DialogDescription>
          </DialogHeader>
          <MediaPicker
            kind="image"
            onSelect={(item) => {
              onChange(item.url)
              setOpen(false)
            }}
          />
        </DialogContent>
      </Dialog>
    </fieldset>
  )
}
