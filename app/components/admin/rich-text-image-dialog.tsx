import type { Editor } from '@tiptap/react'
import { NodeSelection, TextSelection } from '@tiptap/pm/state'
import { useEffect, useState } from 'react'
import { MediaPicker, type MediaItem } from '~/components/admin/media-picker'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldDescription } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { imageVariantUrl } from '~/lib/image-variants'
import { libraryImageNode, overrideOf } from './library-image'
import { MEDIA_API } from './upload-file'

// The editor's "Media Library" dialog: pick an image, then say whether this use follows the
// library's alt text and caption (empty fields) or has its own. On a library image already
// in the text it opens on that image, to change this use's words or pick another.

/** A library image selected in the text, as the dialog edits it. */
export interface SelectedLibraryImage {
  mediaId: string
  src: string
  /** The alt text stored with it. */
  alt: string
  altOverride: string
  captionOverride: string
}

/** The library image the editor's selection is on, if any. */
export function selectedLibraryImage(editor: Editor): SelectedLibraryImage | null {
  const { selection } = editor.state
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return null
  const attrs = selection.node.attrs as Record<string, string | null>
  if (!attrs.mediaId) return null
  return {
    mediaId: attrs.mediaId,
    src: attrs.src ?? '',
    alt: attrs.alt ?? '',
    altOverride: attrs.altOverride ?? '',
    captionOverride: attrs.captionOverride ?? '',
  }
}

/** The library's item behind a selected image, for its words as they are now. */
function useLibraryItem(mediaId: string | null) {
  const [item, setItem] = useState<MediaItem | null>(null)
  useEffect(() => {
    if (!mediaId) return
    const controller = new AbortController()
    const params = new URLSearchParams({ kind: 'image', q: mediaId })
    fetch(`${MEDIA_API}?${params}`, {
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    })
      .then((response) =>
        response.ok ? (response.json() as Promise<{ items: MediaItem[] }>) : null,
      )
      .then((body) => setItem(body?.items.find((found) => found.name === mediaId) ?? null))
      // Without it the fields still work; only the library's words are not quoted.
      .catch(() => undefined)
    return () => controller.abort()
  }, [mediaId])
  return item
}

/** What an empty field means for this image, in the library's own words. */
function followsLibrary(what: 'alt text' | 'caption', value: string | undefined) {
  return value
    ? `Leave empty to use the library's ${what}: “${value}”`
    : `Leave empty to use the library's ${what} (it has none yet).`
}

export function MediaDialog({
  editor,
  open,
  onOpenChange,
  selected,
}: {
  editor: Editor
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The library image to edit; null inserts a new one. */
  selected: SelectedLibraryImage | null
}) {
  const [picked, setPicked] = useState<MediaItem | null>(null)
  const [choosing, setChoosing] = useState(selected === null)
  const [alt, setAlt] = useState(selected?.altOverride ?? '')
  const [caption, setCaption] = useState(selected?.captionOverride ?? '')
  const selectedItem = useLibraryItem(open && !picked ? (selected?.mediaId ?? null) : null)
  const library = picked ?? selectedItem

  function close() {
    onOpenChange(false)
    setPicked(null)
    setChoosing(selected === null)
  }

  function apply(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog is portalled, but React events still bubble to the article form.
    event.stopPropagation()
    if (picked) {
      // Over a selected image this replaces it. The caret then goes to the line after the
      // image (the editor keeps a paragraph after a last image): left on the image, the next
      // key typed would replace it.
      editor
        .chain()
        .focus()
        .insertContent(libraryImageNode(picked, alt, caption))
        .run()
      // A step of its own: the paragraph after a last image is added once the insertion is in.
      editor.commands.command(({ tr }) => {
        if (!(tr.selection instanceof NodeSelection)) return false
        tr.setSelection(TextSelection.near(tr.doc.resolve(tr.selection.to), 1))
        return true
      })
    } else if (selected) {
      editor
        .chain()
        .focus()
        .updateAttributes('image', {
          // The stored alt is what readers get when the library is out of reach.
          alt: overrideOf(alt) ?? (library?.alt || selected.alt),
          altOverride: overrideOf(alt),
          captionOverride: overrideOf(caption),
        })
        .run()
    }
    close()
  }

  const preview = picked ? imageVariantUrl(picked.url, 640) : (selected?.src ?? '')

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="max-w-3xl grid-cols-[minmax(0,1fr)]"
        onCloseAutoFocus={(event) => {
          // Back to the text with the editor's own selection (Radix would focus whatever had
          // focus before, and a bare focus() on the editable puts the caret elsewhere).
          event.preventDefault()
          editor.commands.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>Media Library</DialogTitle>
          <DialogDescription>
            Select or upload media files to include in your content
          </DialogDescription>
        </DialogHeader>
        {choosing ? (
          <MediaPicker
            kind="image"
            onSelect={(item) => {
              setPicked(item)
              setChoosing(false)
              // Words written for another image are not this one's.
              setAlt('')
              setCaption('')
            }}
          />
        ) : (
          <form onSubmit={apply} className="grid gap-4">
            <img
              src={preview}
              alt=""
              className="max-h-64 w-auto justify-self-center rounded-lg border border-border object-contain"
            />
            <Field>
              <Label htmlFor="rte-image-alt">Alt text for this use</Label>
              <Input
                id="rte-image-alt"
                value={alt}
                maxLength={250}
                autoFocus
                aria-describedby="rte-image-alt-help"
                onChange={(event) => setAlt(event.target.value)}
              />
              <FieldDescription id="rte-image-alt-help">
                {followsLibrary('alt text', library?.alt)}
              </FieldDescription>
            </Field>
            <Field>
              <Label htmlFor="rte-image-caption">Caption for this use</Label>
              <Textarea
                id="rte-image-caption"
                value={caption}
                maxLength={500}
                rows={2}
                aria-describedby="rte-image-caption-help"
                onChange={(event) => setCaption(event.target.value)}
              />
              <FieldDescription id="rte-image-caption-help">
                {followsLibrary('caption', library?.caption)}
              </FieldDescription>
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setChoosing(true)}>
                {selected && !picked ? 'Choose another image' : 'Back'}
              </Button>
              <Button type="submit">{selected && !picked ? 'Update Image' : 'Insert Image'}</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
