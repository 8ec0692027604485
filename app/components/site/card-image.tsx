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

export function CardImage({
  src,
  size,
  alt = '',
  priority = false,
  sizes,
  className,
}: {
  src: string
  size: ArticleCardSize
  alt?: string
  priority?: boolean
  /** Overrides the size's own `sizes` (the article page's full-width image). */
  sizes?: string
  className?: string
}) {
  return (
    <img
      ref={markLoaded}
      src={imageVariantUrl(src, size === 'large' ? 1200 : 828)}
      srcSet={imageSrcSet(src)}
      sizes={sizes ?? IMAGE_SIZES[size]}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onLoad={(event) => (event.currentTarget.dataset.loaded = 'true')}
      onError={(event) => (event.currentTarget.dataset.loaded = 'true')}
      className={`fade-in-image size-full object-cover ${className ?? ''}`}
    />
  )
}
