import { Copy, X } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { MediaPicker } from '~/components/admin/media-picker'
import { PageHeader } from '~/components/admin/page-header'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs'
import { formatMegabytes, type MediaItem } from '~/domain/media/media-schema'
import { listMedia } from '~/domain/media/media.server'
import { canManageMedia } from '~/domain/access/access-rules'
import { requireStaff } from '~/domain/access/require-access.server'
import type { Route } from './+types/admin.media'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManageMedia)
  const [images, pdfs] = await Promise.all([listMedia('image'), listMedia('pdf')])
  return { images, pdfs }
}

function SelectedFile({ item, onClear }: { item: MediaItem; onClear: () => void }) {
  return (
    <div
      aria-live="polite"
      className="flex flex-wrap items-center gap-3 rounded-md border bg-muted/50 p-3 text-sm"
    >
      {item.kind === 'image' ? (
        <img src={item.url} alt="" className="size-12 rounded object-cover" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">Selected: {item.name}</p>
        <p className="text-xs text-muted-foreground">
          {formatMegabytes(item.size)}
          {item.width ? ` · ${item.width}×${item.height} px` : ''} ·{' '}
          <code className="break-all">{item.url}</code>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          void navigator.clipboard
            ?.writeText(new URL(item.url, window.location.href).href)
            .then(() => toast.success('Link copied'))
        }}
      >
        <Copy aria-hidden="true" /> Copy link
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        onClick={onClear}
        aria-label="Clear selection"
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  )
}

export default function MediaPage({ loaderData }: Route.ComponentProps) {
  const [selected, setSelected] = useState<MediaItem | null>(null)
  return (
    <>
      <PageHeader
        title="Media"
        description="Images for articles and the logo, and the PDF editions of the newspaper."
      />
      <Card>
        <CardContent className="p-4 sm:p-6">
          <Tabs defaultValue="images" onValueChange={() => setSelected(null)}>
            <TabsList className="mb-4">
              <TabsTrigger value="images">Images</TabsTrigger>
              <TabsTrigger value="pdfs">PDF Newspapers</TabsTrigger>
            </TabsList>
            {selected ? <SelectedFile item={selected} onClear={() => setSelected(null)} /> : null}
            <TabsContent value="images" className="mt-2 min-w-0">
              <MediaPicker
                kind="image"
                initialItems={loaderData.images}
                selectedName={selected?.name}
                onSelect={setSelected}
              />
            </TabsContent>
            <TabsContent value="pdfs" className="mt-2 min-w-0">
              <MediaPicker
                kind="pdf"
                initialItems={loaderData.pdfs}
                selectedName={selected?.name}
                onSelect={setSelected}
              />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Media · Admin Panel' }]
