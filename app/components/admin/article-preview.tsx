import { EyeIcon } from 'lucide-react'
import { Link } from 'react-router'
import { ArticleMedia } from '~/components/site/article-media'
import { containerClass } from '~/components/site/styles'
import type { VideoEmbed } from '~/lib/video-embed'

/** Everything the preview shows; the same parts as the public article page. */
export interface ArticlePreviewView {
  id: number | null
  status: string
  scheduledLabel: string | null
  unsaved: boolean
  title: string
  excerpt: string
  contentHtml: string
  featuredImage: string | null
  video: VideoEmbed | null
  categoryName: string | null
  categorySlug: string | null
  authorName: string | null
  publishedIso: string | null
  publishedLabel: string
  readingMinutes: number
  tags: { id: number | string; name: string; slug: string | null }[]
}

/**
 * The article as a reader would see it (same markup as the public article page), under a bar
 * that says it is a preview. The body is sanitised on the server exactly as on save.
 */
export function ArticlePreview({ article }: { article: ArticlePreviewView }) {
  return (
    <>
      <div
        role="note"
        className="border-b border-status-review-foreground/20 bg-status-review text-status-review-foreground"
      >
        <div
          className={`${containerClass} flex flex-wrap items-center justify-between gap-2 py-2 text-sm`}
        >
          <p className="flex items-center gap-2 font-medium">
            <EyeIcon aria-hidden="true" className="size-4" />
            Preview — status: <span className="capitalize">{article.status}</span>
            {article.scheduledLabel ? ` · scheduled for ${article.scheduledLabel}` : null}
            {article.unsaved ? ' · includes unsaved changes' : null}
          </p>
          {article.id ? (
            <Link
              to={`/admin/edit-article/${article.id}`}
              className="font-medium underline underline-offset-4"
            >
              Back to the editor
            </Link>
          ) : null}
        </div>
      </div>
      <article className="py-8 sm:py-12">
        <div className={`${containerClass} max-w-5xl`}>
          <ArticleMedia video={article.video} image={article.featuredImage} title={article.title} />
        </div>
        <div className={`${containerClass} mt-8 max-w-3xl`}>
          <header>
            <h1 className="font-serif text-3xl font-black leading-tight tracking-tight sm:text-5xl">
              {article.title}
            </h1>
            <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              {article.categoryName ? (
                <span className="font-semibold uppercase tracking-wider text-primary">
                  {article.categoryName}
                </span>
              ) : null}
              <span>By {article.authorName || 'Anonymous'}</span>
              {article.publishedIso ? (
                <time dateTime={article.publishedIso}>{article.publishedLabel}</time>
              ) : null}
              <span>{article.readingMinutes} min read</span>
            </p>
          </header>
          {article.excerpt ? (
            <blockquote className="my-8 border-l-4 border-primary pl-5 font-serif text-xl italic leading-relaxed text-foreground/90">
              {article.excerpt}
            </blockquote>
          ) : null}
          <div
            className="article-content mt-8"
            dangerouslySetInnerHTML={{ __html: article.contentHtml }}
          />
          {article.tags.length > 0 ? (
            <footer className="mt-12 border-t pt-6">
              <h2 className="sr-only">Tags</h2>
              <ul className="flex flex-wrap gap-2">
                {article.tags.map((tag) => (
                  <li
                    key={tag.id}
                    className="inline-flex rounded-full border px-3 py-1 text-sm font-medium"
                  >
                    #{tag.name}
                  </li>
                ))}
              </ul>
            </footer>
          ) : null}
        </div>
      </article>
    </>
  )
}
