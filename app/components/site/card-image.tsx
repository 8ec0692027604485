import { CENTRED_POSITION } from '~/lib/focal-point'
import { imageSrcSet, imageVariantUrl } from '~/lib/image-variants'

export type ArticleCardSize = 'small' | 'medium' | 'large'

// What share of the viewport each size's image takes, so the browser picks the right width.
const IMAGE_SIZES: Record<ArticleCardSize, string> = {
  large: '(min-width: 1280px) 760px, (min-width: 768px) 60vw, 100vw',
  medium: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  small: '160px',
}

/** Marks an image loaded so it fades in; covers images the browser finished before hydration. */
function markLoaded(img: HTMLImageElement | null) {
  if (img && img.complete && img.naturalWidth > 0) img.dataset.loaded = 'true'
}

/**
 * A card's or article's image. Images fade in once loaded, which needs the app's script to
 * mark them; the page's first, largest image (`priority`) shows without it: no fade, fetched
 * first, never lazy, decoded with the page, so the largest paint does not wait for hydration.
 */
export function CardImage({
  src,
  size,
  alt = '',
  priority = false,
  sizes,
  className,
  position,
}: {
  src: string
  size: ArticleCardSize
  alt?: string
  /** `object-position` keeping the focal point in the frame (lib/focal-point.ts); the centre when unset. */
  position?: string
  priority?: boolean
  /** Overrides the size's own `sizes` (the article page's full-width image). */
  sizes?: string
  className?: string
}) {
  const common = {
    src: imageVariantUrl(src, size === 'large' ? 1200 : 828),
    srcSet: imageSrcSet(src),
    sizes: sizes ?? IMAGE_SIZES[size],
    alt,
    // The centre is CSS's own default: no attribute for it.
    style: position && position !== CENTRED_POSITION ? { objectPosition: position } : undefined,
  }
  if (priority) {
    return (
      <img
        {...common}
        loading="eager"
        fetchPriority="high"
        decoding="sync"
        className={`size-full object-cover ${className ?? ''}`}
      />
    )
  }
  return (
    <img
      ref={markLoaded}
      {...common}
      loading="lazy"
      decoding="async"
      onLoad={(event) => (event.currentTarget.dataset.loaded = 'true')}
      onError={(event) => (event.currentTarget.dataset.loaded = 'true')}
      className={`fade-in-image size-full object-cover ${className ?? ''}`}
    />
  )
}
