import { Check, FileText, ImageIcon, Trash2, Upload } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { Progress } from '~/components/ui/progress'
import { Skeleton } from '~/components/ui/skeleton'
import {
  ACCEPT,
  formatMegabytes,
  INVALID_FILE_TYPE,
  tooLargeMessage,
  UPLOAD_LIMITS,
  WRONG_TYPE_MESSAGE,
  type MediaItem,
} from '~/domain/media/media-schema'
import type { ActionResult } from '~/lib/action-result'
import { imageVariantUrl } from '~/lib/image-variants'
import { cn } from '~/lib/utils'
import { ConfirmAction } from './confirm-action'
import { MEDIA_API, UploadFailure, uploadFile } from './upload-file'

export type { MediaItem }

/** A quick check before sending (the server checks the content again). */
function looksRight(kind: 'image' | 'pdf', file: File) {
  if (kind === 'pdf') return file.type === 'application/pdf' || /\.pdf$/i.test(file.name)
  return file.type.startsWith('image/') && file.type !== 'image/svg+xml'
}

interface Progressing {
  index: number
  total: number
  name: string
  fraction: number
}

/**
 * The media library of spec §2: uploads (several files, drag and drop, progress) and the
 * stored images or PDFs, each selectable and deletable. Used by /admin/media and by the
 * article editor's "Media Library" dialogs.
 */
export function MediaPicker({
  kind = 'image',
  onSelect,
  initialItems,
  selectedName,
}: {
  kind?: 'image' | 'pdf'
  onSelect: (item: MediaItem) => void
  /** Server-rendered list; without it the picker loads its own. */
  initialItems?: MediaItem[]
  selectedName?: string | null
}) {
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [items, setItems] = useState<MediaItem[] | null>(initialItems ?? null)
  const [loadError, setLoadError] = useState(false)
  const [progress, setProgress] = useState<Progressing | null>(null)
  const [dragging, setDragging] = useState(false)
  const [deleting, setDeleting] = useState<string | null>(null)

  const load = useCallback(async () => {
    setLoadError(false)
    try {
      const response = await fetch(`${MEDIA_API}?kind=${kind}`, {
        headers: { Accept: 'application/json' },
      })
      if (!response.ok) throw new Error(String(response.status))
      const body = (await response.json()) as { items: MediaItem[] }
      setItems(body.items)
    } catch {
      setLoadError(true)
    }
  }, [kind])

  useEffect(() => {
    if (!initialItems) void load()
  }, [initialItems, load])

  async function upload(files: File[]) {
    if (files.length === 0 || progress) return
    const accepted: File[] = []
    for (const file of files) {
      if (!looksRight(kind, file)) {
        toast.error(INVALID_FILE_TYPE, { description: WRONG_TYPE_MESSAGE[kind] })
      } else if (file.size > UPLOAD_LIMITS[kind]) {
        toast.error('Upload failed', { description: tooLargeMessage(kind) })
      } else accepted.push(file)
    }
    for (const [index, file] of accepted.entries()) {
      setProgress({ index, total: accepted.length, name: file.name, fraction: 0 })
      try {
        const stored = await uploadFile(file, kind, (fraction) =>
          setProgress({ index, total: accepted.length, name: file.name, fraction }),
        )
        const item: MediaItem = {
          name: stored.name,
          url: stored.url,
          size: stored.size,
          kind,
          ...(stored.width && stored.height ? { width: stored.width, height: stored.height } : {}),
        }
        setItems((was) => [item, ...(was ?? [])])
        toast.success('File uploaded', { description: 'Your file has been uploaded successfully.' })
      } catch (error) {
        const failure =
          error instanceof UploadFailure ? error : new UploadFailure('Upload failed', String(error))
        toast.error(failure.title, { description: failure.message })
      }
    }
    setProgress(null)
    if (inputRef.current) inputRef.current.value = ''
  }

  async function remove(item: MediaItem) {
    setDeleting(item.name)
    try {
      const response = await fetch(
        `${MEDIA_API}?kind=${kind}&name=${encodeURIComponent(item.name)}`,
        { method: 'DELETE', headers: { Accept: 'application/json' } },
      )
      const body = (await response.json().catch(() => ({ ok: false }))) as ActionResult
      if (!response.ok) {
        throw new Error(body.toast?.description ?? `The server answered ${response.status}.`)
      }
      setItems((was) => (was ?? []).filter((i) => i.name !== item.name))
      toast.success('File deleted', { description: 'The file has been deleted successfully.' })
    } catch (error) {
      toast.error('Delete failed', {
        description: error instanceof Error ? error.message : String(error),
      })
    } finally {
      setDeleting(null)
    }
  }

  const label = kind === 'image' ? 'Upload images' : 'Upload PDF newspapers'
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <div
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault()
          setDragging(false)
          void upload([...e.dataTransfer.files])
        }}
        className={cn(
          'grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border-2 border-dashed p-4 text-sm transition-colors',
          dragging ? 'border-primary bg-primary/5' : 'border-border',
        )}
      >
        <div className="flex flex-wrap items-center gap-3">
          <Upload aria-hidden="true" className="size-5 text-muted-foreground" />
          <label htmlFor={inputId} className="font-medium">
            {label}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT[kind]}
            disabled={progress !== null}
            onChange={(e) => void upload([...(e.target.files ?? [])])}
            className="min-w-0 max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground hover:file:bg-accent"
          />
        </div>
        <p className="text-xs text-muted-foreground">
          Or drop files here.{' '}
          {kind === 'image'
            ? `JPEG, PNG, WebP, GIF or AVIF, up to ${UPLOAD_LIMITS.image / 1024 / 1024} MB each.`
            : `PDF files, up to ${UPLOAD_LIMITS.pdf / 1024 / 1024} MB each.`}
        </p>
        {progress ? (
          <div className="grid gap-1.5" aria-live="polite">
            <p className="truncate text-xs text-muted-foreground">
              Uploading {progress.total > 1 ? `${progress.index + 1} of ${progress.total}: ` : ''}
              {progress.name} ({Math.round(progress.fraction * 100)}%)
            </p>
            <Progress value={Math.round(progress.fraction * 100)} aria-label="Upload progress" />
          </div>
        ) : null}
      </div>

      {loadError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          The files could not be loaded.
          <Button variant="outline" size="sm" onClick={() => void load()}>
            Retry
          </Button>
        </div>
      ) : items === null ? (
        <div aria-busy="true" className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="aspect-square" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">
          {kind === 'image' ? 'No images yet.' : 'No PDF newspapers yet.'}
        </p>
      ) : kind === 'image' ? (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
          {items.map((item) => (
            <li key={item.name} className="group relative">
              <button
                type="button"
                onClick={() => onSelect(item)}
                aria-pressed={selectedName === item.name}
                aria-label={`Select image ${item.name}`}
                className={cn(
                  'block aspect-square w-full overflow-hidden rounded-md border bg-muted focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
                  selectedName === item.name && 'ring-2 ring-primary ring-offset-2',
                )}
              >
                <img
                  src={imageVariantUrl(item.url, 640)}
                  alt=""
                  loading="lazy"
                  width={item.width}
                  height={item.height}
                  className="size-full object-cover"
                />
              </button>
              <ConfirmAction
                question="Are you sure you want to delete this file?"
                description="The image and its resized copies are removed. Articles that show it will lose it."
                onConfirm={() => void remove(item)}
                trigger={
                  <Button
                    variant="destructive"
                    size="icon"
                    className="absolute right-2 top-2 size-8 shadow"
                    disabled={deleting === item.name}
                    aria-label={`Delete image ${item.name}`}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                }
              />
              {item.width ? (
                <span className="pointer-events-none absolute bottom-2 left-2 rounded bg-overlay px-1.5 py-0.5 text-[11px] text-white">
                  {item.width}×{item.height}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li
              key={item.name}
              className={cn(
                'grid gap-3 rounded-md border p-3',
                selectedName === item.name && 'ring-2 ring-primary',
              )}
            >
              <div className="flex min-w-0 items-start gap-3">
                <FileText aria-hidden="true" className="size-8 shrink-0 text-muted-foreground" />
                <div className="min-w-0 flex-1">
                  <a
                    href={item.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block break-all text-sm font-medium hover:underline"
                  >
                    {item.name}
                  </a>
                  <p className="text-xs text-muted-foreground">{formatMegabytes(item.size)}</p>
                </div>
              </div>
              <div className="flex justify-end gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onSelect(item)}
                  aria-label={`Select ${item.name}`}
                >
                  {selectedName === item.name ? <Check aria-hidden="true" /> : null}
                  Select
                </Button>
                <ConfirmAction
                  question="Are you sure you want to delete this file?"
                  description="The PDF newspaper is removed from the site."
                  onConfirm={() => void remove(item)}
                  trigger={
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-destructive hover:text-destructive"
                      disabled={deleting === item.name}
                      aria-label={`Delete ${item.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                      Delete
                    </Button>
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {kind === 'image' && items && items.length > 0 ? (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-3.5" /> {items.length} images
        </p>
      ) : null}
    </div>
  )
}
