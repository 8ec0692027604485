/** The editable static pages linked from the footer's Quick Links (docs/product.md §2 Footer). */
export const STATIC_PAGE_SLUGS = ['about', 'contact', 'privacy', 'terms'] as const
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number]

export function isStaticPageSlug(slug: string): slug is StaticPageSlug {
  return (STATIC_PAGE_SLUGS as readonly string[]).includes(slug)
}

/** Footer labels; the page headings come from the stored title. */
export const STATIC_PAGE_LINKS: { slug: StaticPageSlug; label: string }[] = [
  { slug: 'about', label: 'About' },
  { slug: 'contact', label: 'Contact' },
  { slug: 'privacy', label: 'Privacy Policy' },
  { slug: 'terms', label: 'Terms of Service' },
]
