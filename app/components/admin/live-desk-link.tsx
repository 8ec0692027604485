import { Radio } from 'lucide-react'
import { Link } from 'react-router'
import {
  canSubmitLiveEntry,
  type Actor,
  type ArticleAccessFacts,
} from '~/domain/access/access-rules'

/** The article form's way to the article's live desk (admin.articles_.$id.live.tsx). */
export function LiveDeskLink({
  article,
  viewer,
}: {
  article: ({ id: number } & ArticleAccessFacts) | null
  viewer: Actor
}) {
  if (!article || !canSubmitLiveEntry(viewer, article)) return null
  return (
    <Link
      to={`/admin/articles/${article.id}/live`}
      className="inline-flex items-center gap-1.5 rounded-md border px-3 py-2 text-sm font-medium hover:bg-accent"
    >
      <Radio aria-hidden="true" className="size-4 text-destructive" />
      Live coverage
    </Link>
  )
}
