import { useEffect, useState } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { ImageDetails } from '~/components/admin/media-image-details'
import {
  EmptyMedia,
  ImageGrid,
  MediaSearchInput,
  MediaUploadZone,
  useDebounced,
} from '~/components/admin/media-picker'
import { NewspaperEditionsPanel } from '~/components/admin/newspaper-editions-panel'
import { PageHeader } from '~/components/admin/page-header'
import { Card, CardContent } from '~/components/ui/card'
import { Dialog } from '~/components/ui/dialog'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { mediaActionSchema, mediaSearchSchema, type MediaItem } from '~/domain/media/media-schema'
import { deleteMedia, listMedia, updateImageDetails } from '~/domain/media/media.server'
import { canManageMedia } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { actionSuccess, failureFrom, parseIntent } from './+shared/action-results.server'
import type { Route } from './+types/admin.media'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageMedia)
  const q = mediaSearchSchema.parse(new URL(request.url).searchParams.get('q') ?? '')
  const [images, pdfs] = await Promise.all([listMedia('image', { q }), listMedia('pdf')])
  return { images, pdfs, q }
}

const FAILURE_TITLE = { 'update-image': 'Error', 'delete-image': 'Delete failed' } as const

/**
 * The library's edits: an image's alt text, caption, credit and focal point, and deleting it
 * (editors, admins).
 */
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
