import { clsx } from 'clsx'
import { Link } from 'react-router'
import { CardImage, type ArticleCardSize } from './card-image'
import { Icon } from './icon'
import { LiveBadge } from './live-badge'
import { MembersBadge } from './members-badge'
import type { ArticleCardView } from './card-view.server'

function Thumbnail({
  article,
  size,
  priority,
}: {
  article: ArticleCardView
  size: ArticleCardSize
  priority: boolean
}) {
  return (
    <div
      className={clsx(
        'relative overflow-hidden rounded-md bg-muted',
        size === 'small' ? 'aspect-[4/3] w-28 shrink-0 sm:w-36' : 'aspect-video w-full',
      )}
    >
      {article.featuredImage ? (
        <CardImage
          src={article.featuredImage}
          alt={article.featuredImageAlt}
          position={
            size === 'small'
              ? article.featuredImagePosition.card
              : article.featuredImagePosition.wide
          }
          size={size}
          priority={priority}
          className="transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex size-full items-center justify-center font-serif text-muted-foreground"
        >
          <span className={size === 'small' ? 'text-xs' : 'text-lg'}>
            {article.categoryName ?? 'News'}
          </span>
        </div>
      )}
      {article.hasVideo ? (
        <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/75 px-2 py-0.5 text-xs font-medium text-white">
          <Icon name="play" className="size-3 fill-current" />
          Video
        </span>
      ) : null}
    </div>
  )
}

const TITLE_CLASS: Record<ArticleCardSize, string> = {
  large: 'text-2xl leading-tight sm:text-3xl lg:text-4xl',
  medium: 'text-xl leading-snug',
  small: 'text-base leading-snug',
}

/**
 * An article in a list (docs/product.md §2 Article card): small, medium or large; the image fades in (a
 * page's first, `priority` image shows at once), the excerpt is clipped to 3 lines, with
 * relative time and reading time. The whole card is clickable through its title link; the
 * category link sits above it.
 */
export function ArticleCard({
  article,
  size = 'medium',
  priority = false,
  headingLevel = 3,
}: {
  article: ArticleCardView
  size?: ArticleCardSize
  /** The first large image on a page is its largest paint: load it at once. */
  priority?: boolean
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article
      className={clsx(
        'group relative',
        size === 'large' && 'grid gap-5 md:grid-cols-5 md:items-center md:gap-8',
        size === 'medium' && 'flex flex-col gap-3',
        size === 'small' && 'flex gap-4',
      )}
    >
      <div className={size === 'large' ? 'md:col-span-3' : undefined}>
        <Thumbnail article={article} size={size} priority={priority} />
      </div>
      <div className={clsx('flex min-w-0 flex-col gap-2', size === 'large' && 'md:col-span-2')}>
        {article.isLive || article.isMembers ? (
          <p className="flex flex-wrap items-center gap-2">
            {article.isLive ? <LiveBadge /> : null}
            {article.isMembers ? <MembersBadge /> : null}
          </p>
        ) : null}
        {article.categoryName && article.categorySlug ? (
          <Link
            to={`/category/${article.categorySlug}`}
            className="relative z-10 w-fit text-xs font-semibold uppercase tracking-wider text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {article.categoryName}
          </Link>
        ) : null}
        <Heading className={clsx('font-serif font-bold', TITLE_CLASS[size])}>
          <Link
            to={`/article/${article.slug}`}
            className="after:absolute after:inset-0 after:content-[''] group-hover:underline decoration-1 underline-offset-4 focus-visible:outline-none focus-visible:after:rounded-md focus-visible:after:outline-2 focus-visible:after:outline-offset-4 focus-visible:after:outline-ring"
          >
            {article.title}
          </Link>
        </Heading>
        {article.excerpt ? (
          <p
            className={clsx(
              'line-clamp-3 text-muted-foreground',
              size === 'large' ? 'text-base sm:text-lg' : 'text-sm',
            )}
          >
            {article.excerpt}
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          {article.publishedIso ? (
            <time dateTime={article.publishedIso}>{article.relativeTime}</time>
          ) : null}
          {article.publishedIso ? <span aria-hidden="true">·</span> : null}
          <span>{article.readingMinutes} min read</span>
        </p>
      </div>
    </article>
  )
}

/** The responsive card grid: 1, 2 then 3 columns. */
export function ArticleGrid({
  articles,
  headingLevel = 3,
  priorityFirst = false,
}: {
  articles: ArticleCardView[]
  headingLevel?: 2 | 3
  /** The grid opens the page: its first picture is the largest paint (ArticleCard's priority). */
  priorityFirst?: boolean
}) {
  // The largest paint is the first picture, which need not be on the first card.
  const priorityIndex = priorityFirst ? articles.findIndex((a) => a.featuredImage !== null) : -1
  return (
    // Two stories share the row between them: a third column would stand empty.
    <ul
      className={clsx(
        'grid gap-x-6 gap-y-10 sm:grid-cols-2',
        articles.length !== 2 && 'lg:grid-cols-3',
      )}
    >
      {articles.map((article, index) => (
        <li key={article.id}>
          <ArticleCard
            article={article}
            headingLevel={headingLevel}
            priority={index === priorityIndex}
          />
        </li>
      ))}
    </ul>
  )
}
