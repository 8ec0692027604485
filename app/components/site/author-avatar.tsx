import { initialsOf } from '~/domain/authors/byline'
import { imageVariantUrl } from '~/lib/image-variants'

const SIZE_CLASSES = {
  md: 'size-16 text-xl',
  lg: 'size-24 text-3xl sm:size-32 sm:text-4xl',
} as const

/**
 * An author's picture, or their initials in a circle when they have none. Decorative: the
 * name is always written beside it.
 */
export function AuthorAvatar({
  name,
  image,
  size = 'lg',
}: {
  name: string
  image: string | null
  size?: keyof typeof SIZE_CLASSES
}) {
  const sizeClass = SIZE_CLASSES[size]
  if (image) {
    return (
      <img
        src={imageVariantUrl(image, 640)}
        alt=""
        width={128}
        height={128}
        className={`${sizeClass} shrink-0 rounded-full bg-muted object-cover ring-1 ring-border`}
      />
    )
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizeClass} inline-flex shrink-0 select-none items-center justify-center rounded-full bg-primary font-serif font-bold text-primary-foreground`}
    >
      {initialsOf(name)}
    </span>
  )
}
