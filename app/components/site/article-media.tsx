import type { ArticleImageView } from '~/domain/articles/article-view.server'
import { EMBED_FRAME_ORIGINS } from '~/lib/embed-providers'
import type { VideoEmbed } from '~/lib/video-embed'
import { creditLine } from '~/domain/media/media-schema'
import { CardImage } from './card-image'

// Players we recognise get the permissions they need; any other page embedded from a video
// URL is sandboxed (scripts for its player, nothing that can reach this site).
const KNOWN_PLAYERS = /^https:\/\/(?:www\.youtube-nocookie\.com|player\.vimeo\.com)\//

/**
 * The article's video when it has one (docs/product.md §2 Article page), otherwise its featured image
 * with the library's alt text (else the title), cut around its focal point, and its caption and
 * credit under it.
 */
export function ArticleMedia({
  video,
  image,
  title,
}: {
  video: VideoEmbed | null
  image: ArticleImageView | null
  title: string
}) {
  if (video?.kind === 'video') {
    return (
      <video
        controls
        preload="metadata"
        src={video.src}
        className="aspect-video w-full rounded-lg bg-black"
        aria-label={`Video: ${title}`}
      />
    )
  }
  if (video?.kind === 'iframe' && !EMBED_FRAME_ORIGINS.includes(new URL(video.src).origin)) {
    // The CSP frames only the embed providers' origins (security-headers.server.ts): a page
    // from another site is offered as a link rather than a frame the browser would refuse.
    return (
      <p className="rounded-lg border border-border bg-muted p-4 text-sm">
        <a
          href={video.src}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="underline"
        >
          Watch the video at {new URL(video.src).hostname}
        </a>
      </p>
    )
  }
  if (video?.kind === 'iframe') {
    const known = KNOWN_PLAYERS.test(video.src)
    return (
      <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
        <iframe
          src={video.src}
          title={`Video: ${title}`}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox={known ? undefined : 'allow-scripts allow-same-origin allow-presentation'}
          className="size-full border-0"
        />
      </div>
    )
  }
  if (image) {
    return (
      <figure>
        <div className="aspect-video w-full overflow-hidden rounded-lg bg-muted">
          <CardImage
            src={image.url}
            size="large"
            alt={image.alt}
            position={image.position}
            priority
            sizes="(min-width: 1024px) 960px, 100vw"
          />
        </div>
        {image.caption || image.credit ? (
          <figcaption className="mt-2 text-sm leading-snug text-muted-foreground">
            {image.caption}
            {image.credit ? (
              <small className={`block text-xs ${image.caption ? 'mt-0.5' : ''}`}>
                {creditLine(image.credit)}
              </small>
            ) : null}
          </figcaption>
        ) : null}
      </figure>
    )
  }
  return null
}
