import { Crosshair } from 'lucide-react'
import type { KeyboardEvent, MouseEvent } from 'react'
import { Button } from '~/components/ui/button'
import { CENTRE, coverPosition, FRAME, isCentre, type FocalPoint } from '~/lib/focal-point'
import { imageVariantUrl } from '~/lib/image-variants'

// The picture is shown whole in a 4:3 box (object-fit: contain); these are the shares of the
// box it fills, from its pixel size, so a click and the marker map onto the picture itself.
const BOX = 4 / 3

function filledShare(width?: number, height?: number) {
  if (!width || !height) return { x: 1, y: 1 }
  const ratio = width / height
  return ratio > BOX ? { x: 1, y: BOX / ratio } : { x: ratio / BOX, y: 1 }
}

const clamp = (value: number) => Math.min(1, Math.max(0, value))
const thousandths = (value: number) => Math.round(clamp(value) * 1000) / 1000
const percent = (value: number) => `${Math.round(value * 100)}%`

/** Arrow keys move the point a hundredth of the picture; with Shift, a tenth. */
function moved(point: FocalPoint, key: string, shift: boolean): FocalPoint | null {
  const step = shift ? 0.1 : 0.01
  const by = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  }[key]
  if (!by) return null
  return { x: thousandths(point.x + by[0]), y: thousandths(point.y + by[1]) }
}

/**
 * Sets the point every crop of a picture keeps in frame: a click or tap on the picture puts
 * it there, the arrow keys move it, "Reset to centre" puts it back. Under it, the picture as
 * the site's wide (16:9) and small (4:3) frames will cut it.
 */
export function FocalPointPicker({
  url,
  alt,
  width,
  height,
  value,
  onChange,
}: {
  url: string
  alt: string
  width?: number
  height?: number
  value: FocalPoint
  onChange: (point: FocalPoint) => void
}) {
  const share = filledShare(width, height)
  // Where the point is in the box: the picture is centred in it.
  const left = (1 - share.x) / 2 + value.x * share.x
  const top = (1 - share.y) / 2 + value.y * share.y
  const size = width && height ? { width, height } : null
  const preview = imageVariantUrl(url, 640)

  function pick(event: MouseEvent<HTMLButtonElement>) {
    const box = event.currentTarget.getBoundingClientRect()
    // A click from the keyboard (Enter, Space) has no position: it does not move the point.
    if (event.detail === 0 || box.width === 0 || box.height === 0) return
    const inBoxX = (event.clientX - box.left) / box.width
    const inBoxY = (event.clientY - box.top) / box.height
    onChange({
      x: thousandths((inBoxX - (1 - share.x) / 2) / share.x),
      y: thousandths((inBoxY - (1 - share.y) / 2) / share.y),
    })
  }

  function nudge(event: KeyboardEvent<HTMLButtonElement>) {
    const next = moved(value, event.key, event.shiftKey)
    if (!next) return
    event.preventDefault()
    onChange(next)
  }

  return (
    <div className="grid min-w-0 gap-2">
      <button
        type="button"
        onClick={pick}
        onKeyDown={nudge}
        aria-label={`Focal point, ${percent(value.x)} across and ${percent(value.y)} down`}
        aria-describedby="focal-point-help"
        className="relative flex aspect-[4/3] w-full cursor-crosshair items-center justify-center overflow-hidden rounded-md border bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        <img
          src={imageVariantUrl(url, 828)}
          alt={alt}
          width={width}
          height={height}
          draggable={false}
          className="pointer-events-none size-full object-contain"
        />
        <span
          aria-hidden="true"
          data-focal-marker=""
          className="pointer-events-none absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-black/20 shadow-[0_0_0_2px_rgba(0,0,0,0.65)]"
          style={{ left: `${left * 100}%`, top: `${top * 100}%` }}
        >
          <span className="absolute left-1/2 top-1/2 size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow-[0_0_0_1px_rgba(0,0,0,0.65)]" />
        </span>
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id="focal-point-help" className="text-sm text-muted-foreground">
          <Crosshair aria-hidden="true" className="mr-1 inline size-4 align-[-3px]" />
          Click or tap what must stay in view; arrow keys move it (Shift: further).
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={isCentre(value)}
          onClick={() => onChange(CENTRE)}
        >
          Reset to centre
        </Button>
      </div>
      <div className="grid grid-cols-[16fr_12fr] items-end gap-2" aria-hidden="true">
        {[
          { label: 'Wide (16:9)', aspect: FRAME.wide, box: 'aspect-video' },
          { label: 'Small card (4:3)', aspect: FRAME.card, box: 'aspect-[4/3]' },
        ].map((frame) => (
          <figure key={frame.label} className="m-0 grid gap-1">
            <img
              src={preview}
              alt=""
              data-crop-preview={frame.label}
              className={`${frame.box} w-full rounded border object-cover`}
              style={{ objectPosition: coverPosition(value, size, frame.aspect) }}
            />
            <figcaption className="text-xs text-muted-foreground">{frame.label}</figcaption>
          </figure>
        ))}
      </div>
    </div>
  )
}
