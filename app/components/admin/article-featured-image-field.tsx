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
import type { ImageFacts, MediaItem } from '~/domain/media/media-schema'
import { coverPosition, focalPointOf, FRAME } from '~/lib/focal-point'
import { imageVariantUrl } from '~/lib/image-variants'

type PreviewFacts = Pick<ImageFacts, 'width' | 'height' | 'focalX' | 'focalY'>

function factsOfItem(item: MediaItem): PreviewFacts {
  return {
    width: item.width ?? null,
    height: item.height ?? null,
    focalX: item.focalX ?? 0.5,
    focalY: item.focalY ?? 0.5,
  }
}

const PREVIEW_FRAME = {
  wide: { aspect: FRAME.wide, className: 'aspect-video' },
  social: { aspect: FRAME.social, className: 'aspect-[1200/630]' },
} as const

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
  facts = null,
  frame = 'wide',
}: {
  value: string
  /** What the library says of the saved image: the preview crops at its focal point. */
  facts?: PreviewFacts | null
  /** The shape the site shows the image in: the article header's 16:9, or a shared link's. */
  frame?: keyof typeof PREVIEW_FRAME
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
  // The facts of each image shown here: the saved one's, then each one picked from the library.
  const [known, setKnown] = useState<Record<string, PreviewFacts>>(() =>
    value && facts ? { [value]: facts } : {},
  )
  const errorId = `${name}-error`
  const shown = known[value]
  const { aspect, className: frameClass } = PREVIEW_FRAME[frame]
  return (
    <fieldset className="grid gap-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium leading-none">{legend}</legend>
      <input type="hidden" name={name} value={value} form={form} />
      {value ? (
        <img
          src={imageVariantUrl(value, 640)}
          alt={previewAlt}
          // Cut as readers will see it: around the focal point set in the library.
          style={{
            objectPosition: coverPosition(
              focalPointOf(shown?.focalX, shown?.focalY),
              shown ?? null,
              aspect,
            ),
          }}
          className={`${frameClass} w-full rounded-lg border border-border bg-muted object-cover`}
        />
      ) : (
        <div
          className={`flex ${frameClass} w-full flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-input bg-muted/40 p-2 text-center text-sm text-muted-foreground`}
        >
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
              setKnown((before) => ({ ...before, [item.url]: factsOfItem(item) }))
              onChange(item.url)
              setOpen(false)
            }}
          />
        </DialogContent>
      </Dialog>
    </fieldset>
  )
}
