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

/** docs/product.md §2: a preview, and "Select Image" / "Change Image" opening the "Media Library". */
export function ArticleFeaturedImageField({
  value,
  onChange,
  errors,
  form,
}: {
  value: string
  onChange: (url: string) => void
  errors?: string[]
  /** The id of the form this field posts with, when it sits outside that form. */
  form?: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={errors?.length ? 'featuredImage-error' : undefined}
    >
      <legend className="mb-2 text-sm font-medium leading-none">Featured Image</legend>
      <input type="hidden" name="featuredImage" value={value} form={form} />
      {value ? (
        <img
          src={imageVariantUrl(value, 640)}
          alt="Featured image preview"
          className="aspect-video w-full rounded-lg border border-border bg-muted object-cover"
        />
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-input bg-muted/40 text-sm text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-6" />
          No image selected
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          {value ? 'Change Image' : 'Select Image'}
        </Button>
        {value ? (
          <Button type="button" variant="ghost" onClick={() => onChange('')}>
            Remove image
          </Button>
        ) : null}
      </div>
      <FieldError id="featuredImage-error" errors={errors} />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-3xl grid-cols-[minmax(0,1fr)]">
          <DialogHeader>
            <DialogTitle>Media Library</DialogTitle>
            <DialogDescription>
              Choose the image shown at the top of the article and on its cards.
            </DialogDescription>
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
