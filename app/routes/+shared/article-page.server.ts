import { renderArticlePage } from '~/components/site/article-page.server'
import { toCardViews } from '~/components/site/card-view.server'
import type { PublicArticlePage } from '~/domain/articles/article-page-queries.server'
import { articleSeo } from '~/domain/articles/article-seo'
import { toReaderArticleView } from '~/domain/articles/article-view.server'
import type { PublicLive } from '~/domain/live/live-queries.server'
import { liveBlogJsonLd } from '~/domain/live/live-seo.server'
import { toLiveCoverageView } from '~/domain/live/live-view.server'
import {
  accessVariant,
  FREE_READ,
  type ArticleAccess,
} from '~/domain/membership/article-read.server'
import {
  newsArticleJsonLd,
  type getSiteIdentity,
  type NewsArticleImage,
} from '~/domain/seo/seo.server'
import type { SocialLink } from '~/domain/settings/settings-queries.server'
import { absoluteUrl, jsonLdMeta, seoMeta } from '~/lib/seo'
import { DEFAULT_TIME_ZONE } from '~/lib/time-zone'
import { CENTRE, focalPointOf, type FocalPoint } from '~/lib/focal-point'
import { socialImageUrl } from '~/lib/image-variants'
import { emailShareHref, shareLinksFor } from '~/lib/share-links'

type Site = Awaited<ReturnType<typeof getSiteIdentity>>

/** What the article route shows: its meta tags, its address, and the page drawn to HTML. */
export interface ArticlePageView {
  meta: ReturnType<typeof seoMeta>
  slug: string
  shareUrl: string
  html: string
}

/**
 * How long a drawn page is kept: its cards word their times ("about 2 hours ago"), which a
 * minute does not change by more than the shared caches already allow (s-maxage=60).
 */
export const DRAWN_PAGE_TTL_MS = 60_000

interface Drawn {
  view: ArticlePageView
  /** A live article's coverage, as kept in memory until one of its entries changes. */
  live: PublicLive | null
  socialLinks: readonly SocialLink[]
  siteKey: string
  at: number
}

/** Drawings kept per article: the free page, the full text, a wall or two. */
const VARIANTS_KEPT = 8

/*
 * Keyed by the article page the memo cache holds (article-page-queries.server.ts): a write
 * empties that cache, the next request gets a new object, and the drawings kept for the old
 * one go with it. One drawing per kind of reader (`accessVariant`): the full text of a gated story
 * and its preview with a wall are never the same drawing.
 */
const drawn = new WeakMap<PublicArticlePage, Map<string, Drawn>>()

/**
 * The article page drawn for a reader: taken from the last drawing of the same article for the
 * same kind of reader when the site's identity and social links are the same and it is under
 * a minute old.
 */
export function articlePageView(
  found: PublicArticlePage,
  site: Site,
  socialLinks: readonly SocialLink[],
  now = new Date(),
  timeZone = DEFAULT_TIME_ZONE,
  live: PublicLive | null = null,
  access: ArticleAccess = FREE_READ,
): ArticlePageView {
  const siteKey = `${site.siteUrl}\n${site.brand}\n${site.logoUrl ?? ''}\n${timeZone}`
  const variant = accessVariant(access)
  let variants = drawn.get(found)
  const kept = variants?.get(variant)
  if (
    kept &&
    kept.socialLinks === socialLinks &&
    kept.siteKey === siteKey &&
    kept.live === live &&
    now.getTime() - kept.at < DRAWN_PAGE_TTL_MS &&
    now.getTime() >= kept.at
  ) {
    return kept.view
  }
  const view = drawArticlePage(found, site, socialLinks, now, timeZone, live, access)
  if (!variants || variants.size >= VARIANTS_KEPT) drawn.set(found, (variants = new Map()))
  variants.set(variant, { view, live, socialLinks, siteKey, at: now.getTime() })
  return view
}

function drawArticlePage(
  { article, endings }: PublicArticlePage,
  site: Site,
  socialLinks: readonly SocialLink[],
  now: Date,
  timeZone: string,
  live: PublicLive | null,
  access: ArticleAccess,
): ArticlePageView {
  // A reader without access gets no live entries: they are the story's text too.
  const liveView = live && access.read.full ? toLiveCoverageView(live, { now, timeZone }) : null
  const shared = {
    url: absoluteUrl(site.siteUrl, `/article/${article.slug}`),
    title: article.title,
  }
  const view = toReaderArticleView(article, access.read, now, timeZone)
  const publishedIso = article.publishedAt?.toISOString() ?? null
  // The last change readers could see after publication ("Updated …"), else publication.
  const articleModifiedIso = view.updatedIso ?? publishedIso ?? article.updatedAt.toISOString()
  // A live article was modified by its newest entry.
  const liveModifiedIso = liveView ? new Date(liveView.cursor).toISOString() : ''
  const modifiedIso = liveModifiedIso > articleModifiedIso ? liveModifiedIso : articleModifiedIso
  const keywords = article.tags.map((t) => t.name)
  // What search engines and social cards show: the SEO fields, else the article's own.
  const seo = articleSeo(article)
  const newsArticleJson = newsArticleJsonLd(site, {
    slug: article.slug,
    // The headline is the one on the page; the SEO title is for the result's title link.
    title: article.title,
    excerpt: seo.description,
    image: article.socialImage ? socialImageFacts(article) : view.image,
    publishedIso,
    modifiedIso,
    authors: view.authors,
    section: article.categoryName,
    keywords,
    corrections: view.corrections,
    isAccessibleForFree: !access.read.gated,
  })
  return {
    meta: [
      ...seoMeta({
        site,
        title: seo.title,
        description: seo.description,
        path: `/article/${article.slug}`,
        image: seo.image ? socialImageUrl(seo.image, socialFocus(article, seo.image)) : null,
        type: 'article',
        article: {
          publishedTime: publishedIso,
          modifiedTime: modifiedIso,
          section: article.categoryName,
          tags: keywords,
        },
      }),
      jsonLdMeta(
        liveView ? liveBlogJsonLd(site, newsArticleJson, article.slug, liveView) : newsArticleJson,
      ),
    ],
    slug: article.slug,
    shareUrl: shared.url,
    html: renderArticlePage({
      article: view,
      share: {
        ...shared,
        emailHref: emailShareHref(shared),
        links: shareLinksFor([...socialLinks], shared),
      },
      endings: {
        category:
          article.categoryName && article.categorySlug
            ? { name: article.categoryName, slug: article.categorySlug }
            : null,
        moreInCategory: toCardViews(endings.moreInCategory, now),
        related: toCardViews(endings.related, now),
      },
      live: liveView ? { view: liveView, articleId: article.id } : null,
      wall: access.read.full ? null : access.wall,
      reader: { meter: access.meter, giftHref: access.giftHref },
    }),
  }
}

/** The social image as NewsArticle.image names it, with what the library says of it. */
function socialImageFacts(article: PublicArticlePage['article']): NewsArticleImage | string {
  const url = article.socialImage ?? ''
  const facts = article.socialImageFacts
  if (!facts) return url
  return {
    url,
    caption: facts.caption,
    credit: facts.credit,
    width: facts.width,
    height: facts.height,
  }
}

/**
 * The focal point of the image social networks are given (og:image): its social crop is cut
 * around it (image-variants.ts `socialImageUrl`).
 */
function socialFocus(article: PublicArticlePage['article'], image: string): FocalPoint {
  const facts =
    image === article.socialImage ? article.socialImageFacts : article.featuredImageFacts
  return facts ? focalPointOf(facts.focalX, facts.focalY) : CENTRE
}
