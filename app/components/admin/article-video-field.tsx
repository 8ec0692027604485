import { Checkbox } from '~/components/ui/checkbox'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { isHttpUrl } from '~/domain/articles/articles-schema'
import { toEmbedUrl } from '~/lib/video-embed'

// As on the article page (components/site/article-media.tsx): the players we recognise get
// what they need, any other page embedded from a video URL is sandboxed.
const KNOWN_PLAYERS = /^https:\/\/(?:www\.youtube-nocookie\.com|player\.vimeo\.com)\//

/** docs/product.md §2: "This is a video article" and, when ticked, the "Video URL" with a preview. */
export function ArticleVideoField({
  hasVideo,
  videoUrl,
  onHasVideoChange,
  onVideoUrlChange,
  errors,
  form,
}: {
  hasVideo: boolean
  videoUrl: string
  onHasVideoChange: (checked: boolean) => void
  onVideoUrlChange: (url: string) => void
  errors?: string[]
  /** The id of the form this field posts with, when it sits outside that form. */
  form?: string
}) {
  const embed = hasVideo && isHttpUrl(videoUrl.trim()) ? toEmbedUrl(videoUrl) : null
  const invalid = Boolean(errors?.length)
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        <Checkbox
          id="hasVideo"
          name="hasVideo"
          form={form}
          value="true"
          checked={hasVideo}
          onChange={(event) => onHasVideoChange(event.target.checked)}
        />
        <Label htmlFor="hasVideo">This is a video article</Label>
      </div>
      {hasVideo ? (
        <Field>
          <Label htmlFor="videoUrl">Video URL</Label>
          <Input
            id="videoUrl"
            name="videoUrl"
            form={form}
            type="url"
            inputMode="url"
            placeholder="Paste a YouTube, Vimeo or direct video link"
            value={videoUrl}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'videoUrl-error' : 'videoUrl-help'}
            onChange={(event) => onVideoUrlChange(event.target.value)}
          />
          <FieldDescription id="videoUrl-help">
            Readers see the video instead of the featured image.
          </FieldDescription>
          <FieldError id="videoUrl-error" errors={errors} />
          {embed ? (
            <div className="overflow-hidden rounded-lg border border-border bg-muted">
              {embed.kind === 'iframe' ? (
                <iframe
                  src={embed.src}
                  title="Video preview"
                  className="aspect-video w-full"
                  allow="encrypted-media; picture-in-picture; fullscreen"
                  referrerPolicy="strict-origin-when-cross-origin"
                  sandbox={
                    KNOWN_PLAYERS.test(embed.src)
                      ? undefined
                      : 'allow-scripts allow-same-origin allow-presentation'
                  }
                  loading="lazy"
                />
              ) : (
                <video src={embed.src} controls preload="metadata" className="aspect-video w-full">
                  <track kind="captions" />
                </video>
              )}
            </div>
          ) : null}
        </Field>
      ) : null}
    </div>
  )
}
