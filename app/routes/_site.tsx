import { useState } from 'react'
import {
  Outlet,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router'
import { BreakingNewsBar } from '~/components/site/breaking-news-bar'
import { toBreakingViews } from '~/components/site/card-view.server'
import { FooterSignUp } from '~/components/site/footer-sign-up'
import { ServerHtml } from '~/components/site/server-html'
import { drawSiteFooter } from '~/components/site/site-footer.server'
import { ScrollChrome } from '~/components/site/scroll-chrome'
import { SiteHeader } from '~/components/site/site-header'
import { listBreakingNews } from '~/domain/articles/articles-queries.server'
import { signUpLists } from '~/domain/newsletter/newsletter-queries.server'
import { getAboutSummary } from '~/domain/pages/pages-queries.server'
import { listPublicCategories } from '~/domain/categories/categories-queries.server'
import { getSiteSettings, listActiveSocialLinks } from '~/domain/settings/settings-queries.server'
import { logger } from '~/infra/logger.server'
import type { loader as rootLoader } from '~/root'
import type { Route } from './+types/_site'

const DEFAULT_ABOUT = 'An independent newspaper covering the news that matters to our readers.'

// The layout's parts degrade on their own: a failed ticker or social list hides that part
// (docs/product.md §2 Footer: "If the social links load fails, the social section is hidden").
/** The name the footer's markup goes by in a document request's `documentHtml`. */
const FOOTER_MARKUP = 'footer'

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date()
  const [breakingNews, socialLinks, about, newsletterLists, settings, categories] =
    await Promise.all([
      listBreakingNews().catch((error: unknown) => {
        logger.error({ err: error }, 'loading breaking news failed')
        return []
      }),
      listActiveSocialLinks().catch((error: unknown) => {
        logger.error({ err: error }, 'loading social links failed')
        return null
      }),
      getAboutSummary().catch((error: unknown) => {
        logger.error({ err: error }, 'loading the about text failed')
        return DEFAULT_ABOUT
      }),
      // Kept in memory until a list changes (newsletter-queries.server.ts), like the chrome.
      signUpLists().catch((error: unknown) => {
        logger.error({ err: error }, 'loading the newsletter lists failed')
        return []
      }),
      // The same cached reads as the root's (root-data.server.ts).
      getSiteSettings(),
      listPublicCategories('navigation'),
    ])
  // The footer is drawn here (site-footer.server.tsx): a document request carries its markup
  // once, in the page (ServerHtml); data requests in their data. The lists are passed as the
  // memoised reads return them, so that an unchanged chrome reuses the last drawing.
  const footerHtml = drawSiteFooter({
    brand: settings.logoText || 'Broadsheet',
    about: about || DEFAULT_ABOUT,
    categories,
    socialLinks,
    year: now.getUTCFullYear(),
    newsletterLists,
  })
  context.documentHtml?.set(FOOTER_MARKUP, footerHtml)
  return {
    breakingNews: toBreakingViews(breakingNews, now),
    footerHtml: context.documentHtml ? null : footerHtml,
  }
}

// Moving between pages keeps the layout's data (the ticker refreshes itself); a form
// submission (sign-in, sign-out) reloads it.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false)

export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/rss+xml', href: '/rss.xml', title: 'RSS' },
]

export default function SiteLayout() {
  const { breakingNews, footerHtml } = useLoaderData<typeof loader>()
  // The footer's markup as the layout first had it. A form's post reloads the layout's data
  // (the footer's own sign-up among them); drawing the same footer again would replace the
  // form the reader is using, and its answer, for nothing.
  const [footer] = useState(footerHtml)
  const leaf = useMatches().at(-1)?.handle as { footerSignUp?: boolean } | undefined
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const settings = root?.settings ?? {
    logoType: 'text',
    logoText: 'Broadsheet',
    logoTextColor: '#000000',
    logoImageUrl: null,
    logoFontFamily: null,
    logoFontUrl: null,
  }
  const categories = root?.categories ?? []
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      {/* Out of the way while reading down, back on the way up (scroll-chrome.tsx). */}
      <ScrollChrome>
        <SiteHeader settings={settings} categories={categories} user={root?.user ?? null} />
        <BreakingNewsBar initialItems={breakingNews} />
      </ScrollChrome>
      <main id="main" tabIndex={-1} className="flex-1 outline-hidden">
        <Outlet />
      </main>
      {/* Pages with a sign-up of their own (handle.footerSignUp false) hide the footer's. */}
      <div data-footer-sign-up={leaf?.footerSignUp === false ? 'off' : 'on'}>
        <ServerHtml name={FOOTER_MARKUP} html={footer}>
          {(footer) => <FooterSignUp root={footer} />}
        </ServerHtml>
      </div>
    </div>
  )
}
