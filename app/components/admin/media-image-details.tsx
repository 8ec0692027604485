import { Copy, Trash2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { toast } from 'sonner'
import { ConfirmAction } from '~/components/admin/confirm-action'
import { FocalPointPicker } from '~/components/admin/focal-point-picker'
import { useActionToast } from '~/components/admin/use-action-toast'
import { usePaperTimeZone } from '~/components/admin/use-paper-time-zone'
import { Button } from '~/components/ui/button'
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import {
  creditLine,
  MEDIA_ALT_MAX,
  MEDIA_CAPTION_MAX,
  MEDIA_CREDIT_MAX,
  mediaDetailsSchema,
  mediaLabel,
  type MediaItem,
} from '~/domain/media/media-schema'
import type { ActionResult } from '~/lib/action-result'
import { formatShortDate } from '~/lib/dates'
import { formatFileSize } from '~/lib/file-size'
import { CENTRE, focalPointOf, type FocalPoint } from '~/lib/focal-point'

// The Media screen's dialog for one image (routes/admin.media.tsx posts its edits).

function copyLink(url: string) {
  void navigator.clipboard
    ?.writeText(new URL(url, window.location.href).href)
    .then(() => toast.success('Link copied'))
}

interface Draft {
  alt: string
  caption: string
  credit: string
  focal: FocalPoint
}

function clientErrors(draft: Draft) {
  const parsed = mediaDetailsSchema.safeParse({
    alt: draft.alt,
    caption: draft.caption,
    credit: draft.credit,
    focalX: draft.focal.x,
    focalY: draft.focal.y,
  })
  if (parsed.success) return undefined
  const errors: Record<string, string[]> = {}
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0])
    ;(errors[field] ??= []).push(issue.message)
  }
  return errors
}

/**
 * One image's facts; its alt text, caption, credit and focal point to edit; and its deletion
 * (asked first).
 */
export function ImageDetails({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const saver = useFetcher<ActionResult>()
  const remover = useFetcher<ActionResult>()
  useActionToast(saver.data)
  useActionToast(remover.data)
  const [draft, setDraft] = useState<Draft>({
    alt: item.alt ?? '',
    caption: item.caption ?? '',
    credit: item.credit ?? '',
    focal: item.focalX === undefined ? CENTRE : focalPointOf(item.focalX, item.focalY),
  })
  const { alt, caption, credit, focal } = draft
  const [errors, setErrors] = useState<Record<string, string[]> | undefined>()
  const serverErrors = saver.data?.ok === false ? saver.data.fieldErrors : undefined
  const shown = errors ?? serverErrors
  const label = mediaLabel(item)
  function change(next: Partial<Draft>) {
    const changed = { ...draft, ...next }
    setDraft(changed)
    if (errors) setErrors(clientErrors(changed))
  }

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
          Alt text, caption, credit and focal point go with the image wherever it appears on the
          site.
        </DialogDescription>
      </DialogHeader>
      {/* Phones: the picture, the fields, then the facts; wider: facts under the picture. */}
      <div className="grid min-w-0 gap-5 md:grid-cols-2 md:gap-x-6">
        <div className="min-w-0 md:col-start-1 md:row-start-1">
          <FocalPointPicker
            url={item.url}
            alt={alt}
            width={item.width}
            height={item.height}
            value={focal}
            onChange={(point) => change({ focal: point })}
          />
          <FieldError id="media-focal-error" errors={shown?.focalX ?? shown?.focalY} />
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
            const problems = clientErrors(draft)
            setErrors(problems)
            if (!problems) {
              saver.submit(
                {
                  intent: 'update-image',
                  name: item.name,
                  alt,
                  caption,
                  credit,
                  focalX: String(focal.x),
                  focalY: String(focal.y),
                },
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
              onChange={(event) => change({ alt: event.target.value })}
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
              onChange={(event) => change({ caption: event.target.value })}
              aria-invalid={shown?.caption ? true : undefined}
              aria-describedby="media-caption-help media-caption-error"
            />
            <FieldDescription id="media-caption-help">
              Shown under the image on the article page ({caption.trim().length}/{MEDIA_CAPTION_MAX}
              ).
            </FieldDescription>
            <FieldError id="media-caption-error" errors={shown?.caption} />
          </Field>
          <Field>
            <Label htmlFor="media-credit">Credit</Label>
            <Input
              id="media-credit"
              value={credit}
              placeholder="Jane Doe / Agency"
              onChange={(event) => change({ credit: event.target.value })}
              aria-invalid={shown?.credit ? true : undefined}
              aria-describedby="media-credit-help media-credit-error"
            />
            <FieldDescription id="media-credit-help">
              {credit.trim()
                ? `Shown as “${creditLine(credit.trim().replace(/^photo\s*:\s*/i, ''))}”`
                : 'Who made the picture, shown as “Photo: …” under it'}{' '}
              ({credit.trim().length}/{MEDIA_CREDIT_MAX}).
            </FieldDescription>
            <FieldError id="media-credit-error" errors={shown?.credit} />
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
