import { Check, FileText, ImageIcon, Search, Upload } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Progress } from '~/components/ui/progress'
import { Skeleton } from '~/components/ui/skeleton'
import {
  ACCEPT,
  INVALID_FILE_TYPE,
  mediaLabel,
  tooLargeMessage,
  UPLOAD_LIMITS,
  WRONG_TYPE_MESSAGE,
  type MediaItem,
} from '~/domain/media/media-schema'
import { formatShortDate } from '~/lib/dates'
import { usePaperTimeZone } from './use-paper-time-zone'
import { formatFileSize } from '~/lib/file-size'
import { imageVariantUrl } from '~/lib/image-variants'
import { cn } from '~/lib/utils'
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

/** How long typing rests before the search is sent. */
export const SEARCH_DELAY_MS = 300

/** `value`, once it has stopped changing for `delay` ms. */
export function useDebounced<T>(value: T, delay = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

/** The search box of the library and the picker: by file name or alt text. */
export function MediaSearchInput({
  value,
  onChange,
}: {
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        Search images by name or alt text
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        value={value}
        maxLength={100}
        placeholder="Search by name or alt text"
        onChange={(event) => onChange(event.target.value)}
        className="pl-8"
      />
    </div>
  )
}

/**
 * Uploads (several files, drag and drop, progress) to the media endpoint; each stored file is
 * handed to `onUploaded` as a library item.
 */
export function MediaUploadZone({
  kind,
  onUploaded,
}: {
  kind: 'image' | 'pdf'
  onUploaded: (item: MediaItem) => void
}) {
  const inputId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<Progressing | null>(null)
  const [dragging, setDragging] = useState(false)

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
        onUploaded({
          name: stored.name,
          url: stored.url,
          size: stored.size,
          kind,
          ...(stored.width && stored.height ? { width: stored.width, height: stored.height } : {}),
          originalName: stored.originalName || stored.name,
          alt: '',
          caption: '',
          uploadedIso: new Date().toISOString(),
          uploadedBy: null,
        })
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

  const label = kind === 'image' ? 'Upload images' : 'Upload PDF newspapers'
  return (
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
  )
}

/** "1600×900 · 52 KB" */
export function mediaFacts(item: MediaItem) {
  const size = formatFileSize(item.size)
  return item.width && item.height ? `${item.width}×${item.height} · ${size}` : size
}

/**
 * Image thumbnails that show the whole picture (contained on a neutral ground, never cropped),
 * labelled with the name each was uploaded under. `verb` names what a click does.
 */
export function ImageGrid({
  items,
  onOpen,
  selectedName,
  verb,
  showUpload = false,
}: {
  items: MediaItem[]
  onOpen: (item: MediaItem) => void
  selectedName?: string | null
  /** The button's accessible name starts with it: "Select image", "Edit image". */
  verb: string
  /** Also the upload date and the uploader (the library). */
  showUpload?: boolean
}) {
  const timeZone = usePaperTimeZone()
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
      {items.map((item) => {
        const label = mediaLabel(item)
        const selected = selectedName === item.name
        return (
          <li key={item.name} className="min-w-0">
            <button
              type="button"
              onClick={() => onOpen(item)}
              aria-pressed={selectedName === undefined ? undefined : selected}
              className={cn(
                'group grid w-full min-w-0 gap-1.5 rounded-md p-1 text-left focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                selected && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
              )}
            >
              {/* The name is the tile's own text after the verb ("Edit image harbour.jpg
                  1600 × 900 …"): a name that leaves out what the tile shows fails WCAG 2.5.3
                  (axe label-content-name-mismatch). The picture is the file the text names. */}
              <span className="sr-only">{verb} </span>
              <span className="relative block aspect-[4/3] w-full overflow-hidden rounded-md border bg-muted transition-colors group-hover:border-primary/60">
                <img
                  src={imageVariantUrl(item.url, 640)}
                  alt=""
                  loading="lazy"
                  width={item.width}
                  height={item.height}
                  className="size-full object-contain"
                />
                {selected ? (
                  <span className="absolute right-1.5 top-1.5 rounded-full bg-primary p-0.5 text-primary-foreground">
                    <Check aria-hidden="true" className="size-3.5" />
                  </span>
                ) : null}
              </span>
              <span className="block truncate text-sm font-medium" title={label}>
                {label}
              </span>
              <span className="block truncate text-xs text-muted-foreground">
                {mediaFacts(item)}
              </span>
              {showUpload && item.uploadedIso ? (
                <span className="block truncate text-xs text-muted-foreground">
                  {formatShortDate(item.uploadedIso, timeZone)}
                  {item.uploadedBy ? ` · ${item.uploadedBy}` : ''}
                </span>
              ) : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** What a list shows when it is empty: no files yet, or none matching the search. */
export function EmptyMedia({ kind, query }: { kind: 'image' | 'pdf'; query: string }) {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
      <ImageIcon aria-hidden="true" className="size-6" />
      {query ? (
        <p>
          No images match “<span className="break-all">{query}</span>”. Try another name or word
          from the alt text.
        </p>
      ) : (
        <p>{kind === 'image' ? 'No images yet.' : 'No PDF newspapers yet.'}</p>
      )}
    </div>
  )
}

function PdfList({
  items,
  onSelect,
  selectedName,
}: {
  items: MediaItem[]
  onSelect: (item: MediaItem) => void
  selectedName?: string | null
}) {
  return (
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
              <p className="text-xs text-muted-foreground">{formatFileSize(item.size)}</p>
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
          </div>
        </li>
      ))}
    </ul>
  )
}

/**
 * The "Media Library" dialogs of the article editor (docs/product.md §2): uploads, a search by name or
 * alt text, and the stored images or PDFs to choose from. Choosing never deletes: files are
 * deleted only on the Media screen, behind a confirmation.
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
  const [items, setItems] = useState<MediaItem[] | null>(initialItems ?? null)
  const [loadError, setLoadError] = useState(false)
  const [query, setQuery] = useState('')
  const search = useDebounced(query.trim())
  const loaded = useRef(initialItems ? '' : null)

  const load = useCallback(
    async (q: string, signal?: AbortSignal) => {
      setLoadError(false)
      try {
        const params = new URLSearchParams({ kind })
        if (q) params.set('q', q)
        const response = await fetch(`${MEDIA_API}?${params}`, {
          headers: { Accept: 'application/json' },
          signal,
        })
        if (!response.ok) throw new Error(String(response.status))
        const body = (await response.json()) as { items: MediaItem[] }
        loaded.current = q
        setItems(body.items)
      } catch {
        if (!signal?.aborted) setLoadError(true)
      }
    },
    [kind],
  )

  useEffect(() => {
    if (loaded.current === search) return
    const controller = new AbortController()
    void load(search, controller.signal)
    return () => controller.abort()
  }, [search, load])

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <MediaUploadZone
        kind={kind}
        onUploaded={(item) => setItems((was) => [item, ...(was ?? [])])}
      />
      {kind === 'image' ? <MediaSearchInput value={query} onChange={setQuery} /> : null}
      {loadError ? (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          The files could not be loaded.
          <Button variant="outline" size="sm" onClick={() => void load(search)}>
            Retry
          </Button>
        </div>
      ) : items === null ? (
        <div aria-busy="true" className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/3]" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyMedia kind={kind} query={search} />
      ) : kind === 'image' ? (
        <ImageGrid
          items={items}
          onOpen={onSelect}
          selectedName={selectedName}
          verb="Select image"
        />
      ) : (
        <PdfList items={items} onSelect={onSelect} selectedName={selectedName} />
      )}
      {kind === 'image' && items && items.length > 0 ? (
        <p className="flex items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
          <ImageIcon aria-hidden="true" className="size-3.5" /> {items.length}{' '}
          {items.length === 1 ? 'image' : 'images'}
          {search ? ' found' : ''}
        </p>
      ) : null}
    </div>
  )
}
