import type { Editor } from '@tiptap/react'
import { ArrowDownIcon, ArrowUpIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { MediaPicker } from '~/components/admin/media-picker'
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
import { GALLERY_MAX_IMAGES, type GalleryImage } from '~/lib/gallery'
import type { BlockDialogProps } from './blocks/block-dialog'
import { galleryImageOf, selectedGallery } from './gallery-extension'

// The editor's gallery dialog: images picked one after another from the media library, each
// with its alt text, caption and credit for this gallery, put in order; then inserted, or
// written over the gallery that was selected when the dialog opened.

const GALLERY_MIN_IMAGES = 2

type Words = 'alt' | 'caption' | 'credit'

const WORDS: { key: Words; label: string; max: number }[] = [
  { key: 'alt', label: 'Alt text', max: 250 },
  { key: 'caption', label: 'Caption', max: 500 },
  { key: 'credit', label: 'Credit', max: 200 },
]

export function GalleryDialog({
  editor,
  initial,
  onClose,
}: {
  editor: Editor
  /** The selected gallery's images, or null for a new gallery. */
  initial: GalleryImage[] | null
  onClose: () => void
}) {
  const [images, setImages] = useState<GalleryImage[]>(initial ?? [])
  const [choosing, setChoosing] = useState(initial === null)
  const [error, setError] = useState<string | null>(null)

  function change(index: number, key: Words, value: string) {
    setImages((was) => was.map((image, i) => (i === index ? { ...image, [key]: value } : image)))
  }

  function move(index: number, by: -1 | 1) {
    setImages((was) => {
      const next = [...was]
      const [image] = next.splice(index, 1)
      next.splice(index + by, 0, image)
      return next
    })
  }

  function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog is portalled, but React events still bubble to the article form.
    event.stopPropagation()
    if (images.length < GALLERY_MIN_IMAGES) {
      setError(`A gallery needs at least ${GALLERY_MIN_IMAGES} images.`)
      return
    }
    const trimmed = images.map((image) => ({
      ...image,
      alt: image.alt.trim(),
      caption: image.caption.trim(),
      credit: image.credit.trim(),
    }))
    editor.chain().focus().setGallery(trimmed).run()
    onClose()
  }

  const full = images.length >= GALLERY_MAX_IMAGES

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        className="max-h-[90vh] max-w-3xl grid-cols-[minmax(0,1fr)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          editor.commands.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Gallery</DialogTitle>
          <DialogDescription>
            Pick images from the media library, then give each its words and put them in order.
          </DialogDescription>
        </DialogHeader>
        {choosing ? (
          <div className="grid gap-3">
            <MediaPicker
              kind="image"
              onSelect={(item) => {
                if (full) return
                setImages((was) => [...was, galleryImageOf(item)])
                setError(null)
                setChoosing(false)
              }}
            />
            <Button type="button" variant="outline" onClick={() => setChoosing(false)}>
              Back to the gallery
            </Button>
          </div>
        ) : (
          <form onSubmit={apply} noValidate className="grid gap-4">
            <ol className="grid gap-4" aria-label="Images in this gallery">
              {images.map((image, index) => (
                <li
                  key={`${image.full}-${index}`}
                  className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[8rem_minmax(0,1fr)]"
                >
                  <img
                    src={image.src}
                    alt=""
                    className="aspect-[4/3] w-full rounded object-cover sm:w-32"
                  />
                  <div className="grid gap-2">
                    {WORDS.map(({ key, label, max }) => (
                      <Field key={key}>
                        <Label htmlFor={`rte-gallery-${key}-${index}`}>
                          {label} of image {index + 1}
                        </Label>
                        <Input
                          id={`rte-gallery-${key}-${index}`}
                          value={image[key]}
                          maxLength={max}
                          placeholder={key === 'credit' ? 'Photo: …' : undefined}
                          onChange={(event) => change(index, key, event.target.value)}
                        />
                      </Field>
                    ))}
                    <div className="flex gap-1">
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <ArrowUpIcon aria-hidden="true" /> Move image {index + 1} up
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        disabled={index === images.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        <ArrowDownIcon aria-hidden="true" /> Move image {index + 1} down
                      </Button>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => setImages((was) => was.filter((_, i) => i !== index))}
                      >
                        <XIcon aria-hidden="true" /> Remove image {index + 1}
                      </Button>
                    </div>
                  </div>
                </li>
              ))}
            </ol>
            <FieldError id="rte-gallery-error" errors={error} />
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={full}
                onClick={() => setChoosing(true)}
              >
                Add an image
              </Button>
              <Button type="submit" aria-describedby={error ? 'rte-gallery-error' : undefined}>
                {initial ? 'Update gallery' : 'Insert gallery'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** The gallery block's dialog (editor-blocks.ts): on the selected gallery, or a new one. */
export function GalleryBlockDialog({ editor, open, onOpenChange }: BlockDialogProps) {
  if (!open) return null
  return (
    <GalleryDialog
      editor={editor as Editor}
      initial={selectedGallery(editor.state.selection)}
      onClose={() => onOpenChange(false)}
    />
  )
}
