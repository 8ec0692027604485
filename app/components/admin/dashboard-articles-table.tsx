import { MessageSquareTextIcon } from 'lucide-react'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import type { Actor } from '~/domain/access/access-rules'
import type { ArticleStatus } from '~/domain/articles/articles-schema'
import { ArticleRowActions } from './article-row-actions'
import { ArticleStatusBadge } from './article-status-badge'
import { EmailAddress } from './email-address'

export interface DashboardRow {
  id: number
  title: string
  status: ArticleStatus
  /** A time still to come shows the story as scheduled (ArticleStatusBadge). */
  publishedAt: Date | null
  categoryName: string | null
  authorId: string | null
  authorName: string | null
  /** Shown in the Author column (spec, Dashboard: "Author (email, hidden on small screens)"). */
  authorEmail: string | null
  /** Returned by an editor with a note (the writer's own dashboard). */
  returned?: boolean
}

/**
 * docs/product.md §2 Recent Articles: Title, Author (the author's e-mail, hidden on small
 * screens), Category, Status, Actions, with each row's actions as the signed-in role allows
 * them. `showAuthor` is off on a writer's own dashboard, where every row is theirs.
 */
export function DashboardArticlesTable({
  rows,
  viewer,
  labelledBy,
  showAuthor = true,
}: {
  rows: DashboardRow[]
  viewer: Actor
  labelledBy: string
  showAuthor?: boolean
}) {
  // Below md each row is a small card: the title, then status and category, then the icon
  // buttons (on that same line from sm), so nothing scrolls sideways. Only CSS moves the
  // cells (same cells, same DOM order), so the desktop table and its texts stay as they were.
  return (
    <Table aria-labelledby={labelledBy} className="max-md:block">
      <TableHeader className="max-md:sr-only">
        <TableRow>
          <TableHead>Title</TableHead>
          {showAuthor ? <TableHead className="hidden md:table-cell">Author</TableHead> : null}
          <TableHead>Category</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody className="max-md:block">
        {rows.map((article) => (
          <TableRow
            key={article.id}
            className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:py-3"
          >
            <TableCell className="min-w-36 max-w-80 font-medium max-md:order-first max-md:min-w-0 max-md:max-w-none max-md:basis-full max-md:p-0">
              <span className="line-clamp-2">{article.title}</span>
              {article.returned ? (
                <span className="mt-1 flex items-center gap-1 text-xs font-normal text-status-review-foreground">
                  <MessageSquareTextIcon aria-hidden="true" className="size-3.5" />
                  Returned with a note
                </span>
              ) : null}
            </TableCell>
            {showAuthor ? (
              <TableCell
                className="hidden max-w-64 text-muted-foreground md:table-cell"
                // The byline's name, for a pointer that rests on the address.
                title={article.authorEmail ? (article.authorName ?? undefined) : undefined}
              >
                {article.authorEmail ? <EmailAddress email={article.authorEmail} /> : 'Unknown'}
              </TableCell>
            ) : null}
            <TableCell className="max-md:order-2 max-md:min-w-0 max-md:p-0 max-md:text-xs max-md:text-muted-foreground">
              {article.categoryName ?? 'Uncategorized'}
            </TableCell>
            <TableCell className="max-md:order-1 max-md:p-0">
              <ArticleStatusBadge status={article.status} publishedAt={article.publishedAt} />
            </TableCell>
            <TableCell className="max-md:order-3 max-md:ml-auto max-md:p-0 max-sm:basis-full">
              <ArticleRowActions viewer={viewer} article={article} screen="dashboard" />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
