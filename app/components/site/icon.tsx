// The reader's pages draw their icons from one cached sprite (public/site-icons.svg) rather
// than bundling each as JavaScript: the article page has a 120 KiB budget.
export type SiteIconName =
  | 'menu'
  | 'search'
  | 'sun'
  | 'moon'
  | 'zap'
  | 'play'
  | 'pause'
  | 'file-text'
  | 'chevron-left'
  | 'chevron-right'
  | 'facebook'
  | 'twitter'
  | 'instagram'
  | 'github'
  | 'youtube'
  | 'linkedin'
  | 'globe'
  | 'rss'

export const SITE_ICON_SPRITE = '/site-icons.svg'

/** A decorative icon in Lucide's style (24 px grid, 2 px round strokes, current colour). */
export function Icon({ name, className }: { name: SiteIconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`${SITE_ICON_SPRITE}#${name}`} />
    </svg>
  )
}
