import { EyeIcon } from 'lucide-react'
import { Link } from 'react-router'
import { ArticleView } from '~/components/site/article-view'
import { containerClass } from '~/components/site/styles'
import type { ArticlePreviewView } from '~/domain/articles/article-view.server'

/** The article exactly as the public page draws it, under a bar that says it is a preview. */
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
      <ArticleView article={article} />
    </>
  )
}
