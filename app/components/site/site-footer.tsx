import { Link } from 'react-router'
import type { SignUpListView } from '~/domain/newsletter/newsletter-schema'
import { STATIC_PAGE_LINKS } from '~/domain/pages/static-pages'
import { NewsletterForm } from './newsletter-form'
import type { SiteCategory } from './site-nav'
import { SocialLinks, type SocialLinkView } from './social-links'
import { containerClass, textLinkClass } from './styles'

// On a phone the links read at 16 px and each is a 44 px target (WCAG 2.5.5), stacked with
// no gap; from `sm` up, the desktop's compact list.
const footerListClass = 'mt-3 grid text-base sm:gap-2 sm:text-sm'
const footerLinkClass = `${textLinkClass} text-muted-foreground hover:text-foreground max-sm:inline-flex max-sm:min-h-11 max-sm:items-center`

function FooterHeading({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <h2
      id={id}
      className="font-sans text-sm font-semibold uppercase tracking-wider text-foreground"
    >
      {children}
    </h2>
  )
}

/**
 * The public footer (docs/product.md §2 Footer): newsletter, About Us, categories, Quick Links, social
 * links (hidden when none, or when they failed to load) and the copyright line.
 */
export function SiteFooter({
  brand,
  about,
  categories,
  socialLinks,
  year,
  newsletterLists,
  showSignUp = true,
}: {
  brand: string
  about: string
  categories: SiteCategory[]
  socialLinks: SocialLinkView[] | null
  year: number
  newsletterLists: readonly SignUpListView[]
  /** Off on the newsletter's own pages, which carry their own form or a sign-up just made. */
  showSignUp?: boolean
}) {
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className={`${containerClass} py-12`}>
        {showSignUp ? <NewsletterForm lists={newsletterLists} /> : null}
        <div
          id="site-footer-nav"
          className={`${showSignUp ? 'mt-12' : ''} grid gap-10 sm:grid-cols-2 lg:grid-cols-4`}
        >
          <section className="lg:col-span-2 lg:pr-12">
            <FooterHeading>About Us</FooterHeading>
            <p className="mt-3 text-sm text-muted-foreground">{about}</p>
            {socialLinks && socialLinks.length > 0 ? (
              <div className="mt-4">
                <h3 className="sr-only">Follow us</h3>
                <SocialLinks links={socialLinks} />
              </div>
            ) : null}
          </section>
          <nav aria-label="Footer categories">
            <FooterHeading>Categories</FooterHeading>
            <ul className={footerListClass}>
              {categories.map((category) => (
                <li key={category.id}>
                  <Link to={`/category/${category.slug}`} className={footerLinkClass}>
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-quick-links">
            <FooterHeading id="footer-quick-links">Quick Links</FooterHeading>
            <ul className={footerListClass}>
              {STATIC_PAGE_LINKS.map((page) => (
                <li key={page.slug}>
                  <Link to={`/${page.slug}`} className={footerLinkClass}>
                    {page.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/newspapers" className={footerLinkClass}>
                  Print Editions
                </Link>
              </li>
              <li>
                <Link to="/corrections" className={footerLinkClass}>
                  Corrections
                </Link>
              </li>
              <li>
                <a href="/rss.xml" className={footerLinkClass}>
                  RSS Feed
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <p className="mt-12 border-t pt-6 text-center text-xs text-muted-foreground">
          © {year} {brand}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
