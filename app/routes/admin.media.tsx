import { Copy, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFetcher, useRevalidator, useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { ConfirmAction } from '~/components/admin/confirm-action'
import {
  EmptyMedia,
  ImageGrid,
  MediaSearchInput,
  MediaUploadZone,
  useDebounced,
} from '~/components/admin/media-picker'
import { NewspaperEditionsPanel } from '~/components/admin/newspaper-editions-panel'
import { PageHeader } from '~/components/admin/page-header'
import { useActionToast } from '~/components/admin/use-action-toast'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { Textarea } from '~/components/ui/textarea'
import {
  MEDIA_ALT_MAX,
  MEDIA_CAPTION_MAX,
  mediaActionSchema,
  mediaDetailsSchema,
  mediaLabel,
  mediaSearchSchema,
  type MediaItem,
} from '~/domain/media/media-schema'
import { deleteMedia, listMedia, updateImageDetails } from '~/domain/media/media.server'
import { canManageMedia } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import type { ActionResult } from '~/lib/action-result'
import { formatShortDate } from '~/lib/dates'
import { usePaperTimeZone } from '~/components/admin/use-paper-time-zone'
import { formatFileSize } from '~/lib/file-size'
import { imageVariantUrl } from '~/lib/image-variants'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.media'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageMedia)
  const q = mediaSearchSchema.parse(new URL(request.url).searchParams.get('q') ?? '')
  const [images, pdfs] = await Promise.all([listMedia('image', { q }), listMedia('pdf')])
  return { images, pdfs, q }
}

const FAILURE_TITLE = { 'update-image': 'Error', 'delete-image': 'Delete failed' } as const

/** The library's edits: an image's alt text and caption, and deleting it (editors, admins). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, canManageMedia)
  const parsed = parseIntent(await request.formData(), mediaActionSchema, {
    titles: FAILURE_TITLE,
    hiddenFields: ['name'],
  })
  if (!parsed.ok) return parsed.response
  const post = parsed.data
  try {
    switch (post.intent) {
      case 'update-image':
        await updateImageDetails(post.name, post)
        return actionSuccess({
          type: 'success',
          title: 'Success',
          description: 'Image details saved',
        })
      case 'delete-image':
        await deleteMedia('image', post.name)
        return actionSuccess({
          type: 'success',
          title: 'File deleted',
          description: 'The file has been deleted successfully.',
        })
    }
  } catch (error) {
    return failureFrom(error, { title: FAILURE_TITLE[post.intent], context, details: { post } })
  }
}

function copyLink(url: string) {
  void navigator.clipboard
    ?.writeText(new URL(url, window.location.href).href)
    .then(() => toast.success('Link copied'))
}

function clientErrors(alt: string, caption: string) {
  const parsed = mediaDetailsSchema.safeParse({ alt, caption })
  if (parsed.success) return undefined
  const errors: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0])
    ;(errors[field] ??= []).push(issue.message)
  }
  return errors
}

/** One image's facts, its alt text and caption to edit, and its deletion (asked first). */
function ImageDetails({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const saver = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  useActionToast(saver.data)
  useActionToast(remover.data)
  const [alt, setAlt] = useState(item.alt ?? '')
  const [caption, setCaption] = useState(item.caption ?? '')
  const [errors, setErrors] = useState<Record<string, string[]> | undefined>()
  const serverErrors = saver.data?.ok === false ? saver.data.fieldErrors : undefined
  const shown = errors ?? serverErrors
  const label = mediaLabel(item)

  useEffect(() => {
    if (remover.state === 'idle' && remover.data?.ok) onClose()
  }, [remover.state, remover.data, onClose])
  useEffect(() => {
    if (saver.state === 'idle' && saver.data?.ok) onClose()
  }, [saver.state, saver.data, onClose])

  const timeZone = usePaperTimeZone()
  const facts: [string, string][] = [
    ['File name', label],
    ['Dimensions', item.width && item.height ? `${item.width}×${item.height} px` : 'Unknown'],
    ['Size', formatFileSize(item.size)],
    ['Uploaded', item.uploadedIso ? formatShortDate(item.uploadedIso, timeZone) : 'Unknown'],
    ['Uploaded by', item.uploadedBy ?? 'Unknown'],
  ]

  return (
    <DialogContent className="max-w-3xl grid-cols-[minmax(0,1fr)]">
      <DialogHeader>
        <DialogTitle className="break-words pr-6">{label}</DialogTitle>
        <DialogDescription>
          Alt text and caption go with the image wherever it appears on the site.
        </DialogDescription>
      </DialogHeader>
      {/* Phones: the picture, the fields, then the facts; wider: facts under the picture. */}
      <div className="grid min-w-0 gap-5 md:grid-cols-2 md:gap-x-6">
        <div className="flex aspect-[4/3] w-full items-center justify-center overflow-hidden rounded-md border bg-muted md:col-start-1 md:row-start-1">
          <img
            src={imageVariantUrl(item.url, 828)}
            alt={item.alt ?? ''}
            width={item.width}
            height={item.height}
            className="size-full object-contain"
          />
        </div>
        <div className="order-last grid min-w-0 content-start gap-3 md:order-none md:col-start-1 md:row-start-2">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
            {item.name !== label ? (
              <>
                <dt className="text-muted-foreground">Stored as</dt>
                <dd className="break-all font-mono text-xs leading-5">{item.name}</dd>
              </>
            ) : null}
          </dl>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => copyLink(item.url)}
          >
            <Copy aria-hidden="true" /> Copy link
          </Button>
        </div>
        <form
          className="grid min-w-0 content-start gap-4 md:col-start-2 md:row-span-2 md:row-start-1"
          onSubmit={(event) => {
            event.preventDefault()
            const problems = clientErrors(alt, caption)
            setErrors(problems)
            if (!problems) {
              saver.submit(
                { intent: 'update-image', name: item.name, alt, caption },
                { method: 'post' },
              )
            }
          }}
        >
          <Field>
            <Label htmlFor="media-alt">Alt text</Label>
            <Input
              id="media-alt"
              value={alt}
              onChange={(event) => {
                setAlt(event.target.value)
                if (errors) setErrors(clientErrors(event.target.value, caption))
              }}
              aria-invalid={shown?.alt ? true : undefined}
              aria-describedby="media-alt-help media-alt-error"
            />
            <FieldDescription id="media-alt-help">
              Describe the image for readers who cannot see it ({alt.trim().length}/{MEDIA_ALT_MAX}
              ).
            </FieldDescription>
            <FieldError id="media-alt-error" errors={shown?.alt} />
          </Field>
          <Field>
            <Label htmlFor="media-caption">Caption</Label>
            <Textarea
              id="media-caption"
              value={caption}
              rows={4}
              onChange={(event) => {
                setCaption(event.target.value)
                if (errors) setErrors(clientErrors(alt, event.target.value))
              }}
              aria-invalid={shown?.caption ? true : undefined}
              aria-describedby="media-caption-help media-caption-error"
            />
            <FieldDescription id="media-caption-help">
              Shown under the image on the article page ({caption.trim().length}/{MEDIA_CAPTION_MAX}
              ).
            </FieldDescription>
            <FieldError id="media-caption-error" errors={shown?.caption} />
          </Field>
          <DialogFooter className="gap-2 sm:justify-between">
            <ConfirmAction
              question="Are you sure you want to delete this file?"
              description="The image and its resized copies are removed. Articles that show it will lose it."
              onConfirm={() =>
                remover.submit({ intent: 'delete-image', name: item.name }, { method: 'post' })
              }
              trigger={
                <Button
                  type="button"
                  variant="outline"
                  className="text-destructive hover:text-destructive"
                  disabled={remover.state !== 'idle'}
                >
                  <Trash2 aria-hidden="true" /> Delete
                </Button>
              }
            />
            <Button type="submit" disabled={saver.state !== 'idle'}>
              {saver.state !== 'idle' ? 'Saving…' : 'Save'}
            </Button>
          </DialogFooter>
        </form>
      </div>
    </DialogContent>
  )
}

/** The Images tab: uploads, a search by name or alt text, the grid and each image's details. */
function ImageLibrary({ images, q }: { images: MediaItem[]; q: string }) {
  const [searchParams, setSearchParams] = useSearchParams()
  const revalidator = useRevalidator()
  const [query, setQuery] = useState(q)
  const search = useDebounced(query.trim())
  const [open, setOpen] = useState<MediaItem | null>(null)

  useEffect(() => {
    if (search === (searchParams.get('q') ?? '')) return
    const next = new URLSearchParams(searchParams)
    if (search) next.set('q', search)
    else next.delete('q')
    setSearchParams(next, { replace: true, preventScrollReset: true })
  }, [search, searchParams, setSearchParams])

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4">
      <MediaUploadZone kind="image" onUploaded={() => void revalidator.revalidate()} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <MediaSearchInput value={query} onChange={setQuery} />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {images.length} {images.length === 1 ? 'image' : 'images'}
          {q ? ` matching “${q}”` : ''}
        </p>
      </div>
      {images.length === 0 ? (
        <EmptyMedia kind="image" query={q} />
      ) : (
        <ImageGrid items={images} onOpen={setOpen} verb="Edit image" showUpload />
      )}
      <Dialog open={open !== null} onOpenChange={(next) => (next ? null : setOpen(null))}>
        {open ? <ImageDetails key={open.name} item={open} onClose={() => setOpen(null)} /> : null}
      </Dialog>
    </div>
  )
}

export default function MediaPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Media"
        description="Images for articles and the logo, and the PDF editions of the newspaper."
      />
      <Card>
        <CardContent className="p-4 sm:p-6">
          <Tabs defaultValue="images">
            <TabsList className="mb-4">
              <TabsTrigger value="images">Images</TabsTrigger>
              <TabsTrigger value="pdfs">PDF Newspapers</TabsTrigger>
            </TabsList>
            <TabsContent value="images" className="mt-2 min-w-0">
              <ImageLibrary images={loaderData.images} q={loaderData.q} />
            </TabsContent>
            <TabsContent value="pdfs" className="mt-2 min-w-0">
              <NewspaperEditionsPanel />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Media · Admin Panel' }]
