import { eq } from 'drizzle-orm'
import { staticPages } from '@db/schema/index'
import { showBodyImage } from '~/domain/media/body-images'
import { bodyImagesColumn } from '~/domain/media/body-images.server'
import { relatedCardsColumn, showRelatedCards } from '~/domain/related-cards.server'
import { getDb } from '~/infra/db.server'
import { cacheKey, noteShownKeys } from '~/infra/cache-keys.server'
import { memoized } from '~/infra/memo-cache.server'
import { htmlToPlainText, renderArticleHtml } from '~/infra/sanitize.server'
import type { StaticPageSlug } from './static-pages'

export interface StaticPage {
  slug: StaticPageSlug
  title: string
  /** Sanitised HTML, safe to render. */
  content: string
  updatedAt: Date | null
}

/**
 * Sensible text for a site that has not written its own yet (no demo content, or a page an
 * admin has not saved): every footer link leads somewhere real.
 */
export const DEFAULT_STATIC_PAGES: Record<StaticPageSlug, { title: string; content: string }> = {
  about: {
    title: 'About Us',
    content:
      '<p>We are an independent newsroom. Our reporters cover politics, business, technology, science, sports and culture, and we publish every day.</p><p>We correct our mistakes promptly and openly, keep news and opinion apart, and never let advertisers influence our reporting.</p>',
  },
  contact: {
    title: 'Contact',
    content:
      '<p>Have a news tip, a correction or a question about a story? Write to the newsroom and an editor will get back to you.</p>',
  },
  privacy: {
    title: 'Privacy Policy',
    content:
      '<p>We collect as little information about readers as we can. Reading this site needs no account, and we never sell personal data.</p><p>If you create an account or subscribe to our newsletter, we keep your email address to provide that service. We count page views per article and per day without recording who read what.</p>',
  },
  terms: {
    title: 'Terms of Service',
    content:
      '<p>By using this website you agree to these terms. Articles and photographs belong to their authors and this newspaper unless stated otherwise; you may share links and short quotations with credit.</p><p>Accounts are personal. You are responsible for keeping your password safe, and we may suspend accounts used for abuse.</p>',
  },
}

/**
 * A static page, its stored HTML sanitised again on the way out, its library images with the
 * library's words as an article's are (body-images.ts); the default text if unsaved.
 */
export async function getStaticPage(slug: StaticPageSlug): Promise<StaticPage> {
  noteShownKeys([cacheKey.page(slug)])
  const [row] = await getDb()
    .select({
      title: staticPages.title,
      content: staticPages.content,
      updatedAt: staticPages.updatedAt,
      bodyImages: bodyImagesColumn(staticPages.content),
      relatedCards: relatedCardsColumn(staticPages.content),
    })
    .from(staticPages)
    .where(eq(staticPages.slug, slug))
    .limit(1)
  if (!row) return { slug, ...DEFAULT_STATIC_PAGES[slug], updatedAt: null }
  return {
    slug,
    title: row.title.trim() || DEFAULT_STATIC_PAGES[slug].title,
    content: showRelatedCards(
      renderArticleHtml(row.content, (image) => showBodyImage(image, row.bodyImages)),
      row.relatedCards,
    ),
    updatedAt: row.updatedAt,
  }
}

const SUMMARY_MAX = 280

/** The footer's "About Us" text: the about page's first paragraph, as plain text. */
export const getAboutSummary: () => Promise<string> = memoized(
  'about-summary',
  async () => {
    const page = await getStaticPage('about')
    const first = htmlToPlainText(page.content).split('\n')[0] ?? ''
    if (first.length <= SUMMARY_MAX) return first
    const cut = first.slice(0, SUMMARY_MAX - 1)
    return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SUMMARY_MAX / 2))}…`
  },
  // Every page's footer shows it: kept in memory until the about page changes.
  { ttlMs: 60_000, shows: () => [cacheKey.page('about')] },
)
