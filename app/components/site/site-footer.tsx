import type { SignUpListView } from '~/domain/newsletter/newsletter-schema'
import { STATIC_PAGE_LINKS } from '~/domain/pages/static-pages'
import { NewsletterBlock, NewsletterFields, newsletterFormClass } from './newsletter-form'
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
 * links (hidden when none, or when they failed to load) and the copyright line. Drawn on the
 * server only (site-footer.server.tsx), so its links are plain: the page follows them inside the
 * app (server-html.tsx). The sign-up is a plain form that posts to /newsletter; in the browser
 * footer-sign-up.tsx makes it answer in place. Pages with a sign-up of their own hide it
 * (`data-footer-sign-up="off"` around the footer, routes/_site.tsx).
 */
export function SiteFooter({
  brand,
  about,
  categories,
  socialLinks,
  year,
  newsletterLists,
}: {
  brand: string
  about: string
  categories: SiteCategory[]
  socialLinks: SocialLinkView[] | null
  year: number
  newsletterLists: readonly SignUpListView[]
}) {
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className={`${containerClass} py-12`}>
        <div className="mb-12 in-data-[footer-sign-up=off]:hidden">
          <NewsletterBlock title="Stay Informed, Stay Ahead" lists={newsletterLists}>
            <form
              method="post"
              action="/newsletter"
              data-newsletter-form=""
              className={newsletterFormClass}
            >
              <NewsletterFields id="site-footer-newsletter" lists={newsletterLists} />
            </form>
          </NewsletterBlock>
        </div>
        <div id="site-footer-nav" className="grid gap-10 sm:grid-cols-2 lg:grid-cols-4">
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
                  <a href={`/category/${category.slug}`} className={footerLinkClass}>
                    {category.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-quick-links">
            <FooterHeading id="footer-quick-links">Quick Links</FooterHeading>
            <ul className={footerListClass}>
              {STATIC_PAGE_LINKS.map((page) => (
                <li key={page.slug}>
                  <a href={`/${page.slug}`} className={footerLinkClass}>
                    {page.label}
                  </a>
                </li>
              ))}
              <li>
                <a href="/newspapers" className={footerLinkClass}>
                  Print Editions
                </a>
              </li>
              <li>
                <a href="/corrections" className={footerLinkClass}>
                  Corrections
                </a>
              </li>
              <li>
                <a href="/rss.xml" data-document="" className={footerLinkClass}>
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
