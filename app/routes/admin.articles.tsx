import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react'
import { data, Link, useLocation, useNavigation } from 'react-router'
import { ArticleListFilters } from '~/components/admin/article-list-filters'
import { ArticleRowActions } from '~/components/admin/article-row-actions'
import { ArticleStatusBadge } from '~/components/admin/article-status-badge'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import {
  listAdminArticles,
  parseAdminArticleFilters,
} from '~/domain/articles/admin-articles-queries.server'
import { listCategories } from '~/domain/categories/categories-queries.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import {
  canListAnyonesArticles,
  canOpenArticle,
  canSeeArticleViews,
} from '~/domain/access/access-rules'
import { listViewTotals } from '~/domain/articles/article-views-queries.server'
import { requireStaff } from './+shared/require-access.server'
import { formatShortDate } from '~/lib/dates'
import { pageItems } from '~/lib/pagination'
import { cn } from '~/lib/utils'
import { articleRowAction } from './+shared/article-actions.server'
import type { Route } from './+types/admin.articles'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request)
  const filters = parseAdminArticleFilters(new URL(request.url).searchParams)
  // A contributor sees her own articles only, never the titles of others' drafts.
  const scope = canListAnyonesArticles(user) ? {} : { onlyAuthorId: user.id }
  const [page, categories, { timeZone }] = await Promise.all([
    listAdminArticles(filters, scope),
    listCategories(),
    getSiteSettings(),
  ])
  // The views counted for Trending, for the desk (editors and admins) only.
  const views = canSeeArticleViews(user)
    ? Object.fromEntries(await listViewTotals(page.items.map((a) => a.id)))
    : null
  return data(
    {
      page,
      views,
      categories: categories.map(({ id, name }) => ({ id, name })),
      // Each row offers what this role may do with that article (the server refuses the rest).
      viewer: { id: user.id, role: user.role },
      // Dates in the paper's time zone (lib/dates.ts).
      timeZone,
    },
    // docs/product.md §7: the admin list is never cached.
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action(args: Route.ActionArgs) {
  return articleRowAction(args, 'list')
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders
}

function pageHref(search: string, page: number) {
  const params = new URLSearchParams(search)
  if (page === 1) params.delete('page')
  else params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '.'
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { search } = useLocation()
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button asChild variant="outline" size="sm" aria-disabled={page <= 1 || undefined}>
            <Link to={pageHref(search, Math.max(1, page - 1))} aria-label="Previous page">
              <ChevronLeftIcon aria-hidden="true" />
              Previous
            </Link>
          </Button>
        </li>
        {pageItems(page, pageCount).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-2 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                asChild
                variant={item === page ? 'default' : 'ghost'}
                size="sm"
                className="min-w-9"
              >
                <Link
                  to={pageHref(search, item)}
                  aria-label={`Page ${item}`}
                  aria-current={item === page ? 'page' : undefined}
                >
                  {item}
                </Link>
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            asChild
            variant="outline"
            size="sm"
            aria-disabled={page >= pageCount || undefined}
          >
            <Link to={pageHref(search, Math.min(pageCount, page + 1))} aria-label="Next page">
              Next
              <ChevronRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </li>
      </ul>
    </nav>
  )
}

/** A secondary column shown as small muted text in the row's meta line below md. */
const metaCell = 'max-md:min-w-0 max-md:p-0 max-md:text-xs max-md:text-muted-foreground'

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  const { page, categories, viewer, views, timeZone } = loaderData
  const navigation = useNavigation()
  // docs/product.md §2: "Loading..." while the list loads (here: while a new page or filter loads).
  const loading =
    navigation.state === 'loading' && navigation.location.pathname === '/admin/articles'

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="font-serif text-3xl font-bold tracking-tight">Articles</h1>
          <p className="text-sm text-muted-foreground">Total articles: {page.total}</p>
        </div>
        <Button asChild>
          <Link to="/admin/new-article">
            <PlusIcon aria-hidden="true" />
            New Article
          </Link>
        </Button>
      </div>

      <ArticleListFilters categories={categories} />

      {loading ? (
        <p role="status" className="text-sm font-medium text-muted-foreground">
          Loading...
        </p>
      ) : null}

      <div
        aria-busy={loading || undefined}
        className={cn('rounded-lg border border-border bg-card', loading && 'opacity-60')}
      >
        {/* At 1366 px the table fits its card: narrower cell padding, and the title and tags
            give way first (a long word or tag wraps rather than widening its column);
            narrower, it scrolls inside the card (the Table's own overflow-x-auto).
            Below md each row is a small card: the title with its edit and delete buttons, then
            status, category, author and date in one muted line, then the tags. Same cells in
            the same DOM order (only CSS moves them), so the desktop table, its texts and
            every locator stay as they were. */}
        <Table
          aria-label="Articles"
          className="max-md:block md:[&_td]:px-2 md:[&_th]:px-2 md:[&_td:first-child]:pl-3 md:[&_th:first-child]:pl-3 md:[&_td:last-child]:pr-3 md:[&_th:last-child]:pr-3"
        >
          <TableHeader className="max-md:sr-only">
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Author</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Tags</TableHead>
              <TableHead>Published</TableHead>
              {views ? <TableHead className="text-right">Views</TableHead> : null}
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody className="max-md:block">
            {page.items.length === 0 ? (
              <TableRow className="max-md:flex">
                <TableCell
                  colSpan={views ? 8 : 7}
                  className="py-10 text-center text-muted-foreground max-md:flex-1"
                >
                  No articles found.
                </TableCell>
              </TableRow>
            ) : (
              page.items.map((article) => (
                <TableRow
                  key={article.id}
                  className="max-md:relative max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-1.5 max-md:p-3"
                >
                  <TableCell className="min-w-40 max-w-96 font-medium max-md:order-first max-md:min-h-9 max-md:min-w-0 max-md:max-w-none max-md:basis-full max-md:p-0 max-md:pr-22">
                    {canOpenArticle(viewer, article) ? (
                      <Link
                        to={`/admin/edit-article/${article.id}`}
                        className="line-clamp-2 wrap-anywhere hover:underline"
                      >
                        {article.title}
                      </Link>
                    ) : (
                      <span className="line-clamp-2 wrap-anywhere">{article.title}</span>
                    )}
                  </TableCell>
                  <TableCell className={cn(metaCell, 'max-md:order-2')}>
                    {article.categoryName ?? 'Uncategorized'}
                  </TableCell>
                  <TableCell
                    className={cn(metaCell, "max-md:order-3 max-md:before:content-['By_']")}
                  >
                    {article.authorUsername ?? 'Unknown'}
                  </TableCell>
                  <TableCell className="max-md:order-1 max-md:p-0">
                    <ArticleStatusBadge status={article.status} publishedAt={article.publishedAt} />
                  </TableCell>
                  <TableCell
                    className={cn(
                      'min-w-28 max-md:order-5 max-md:min-w-0 max-md:basis-full max-md:p-0',
                      article.tags.length === 0 && 'max-md:hidden',
                    )}
                  >
                    <div className="flex flex-wrap gap-1">
                      {article.tags.map((tag) => (
                        // A long tag wraps inside its badge rather than widening the table.
                        <Badge key={tag.id} variant="outline" className="whitespace-normal">
                          {tag.name}
                        </Badge>
                      ))}
                    </div>
                  </TableCell>
                  <TableCell className={cn(metaCell, 'whitespace-nowrap max-md:order-4')}>
                    {article.publishedAt
                      ? formatShortDate(article.publishedAt, timeZone)
                      : 'Not published'}
                  </TableCell>
                  {views ? (
                    <TableCell className={cn(metaCell, 'max-md:order-4 md:text-right')}>
                      <ViewFigures totals={views[article.id]} />
                    </TableCell>
                  ) : null}
                  <TableCell className="max-md:absolute max-md:right-3 max-md:top-3 max-md:p-0">
                    <ArticleRowActions viewer={viewer} article={article} screen="list" />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>

      <Pagination page={page.page} pageCount={page.pageCount} />
    </div>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Articles · Admin Panel' }]

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Failed to load articles</AlertTitle>
      <AlertDescription>Please reload the page in a moment.</AlertDescription>
    </Alert>
  )
}

/** Views in the last 7 days, with today's and all-time beside them (the desk's figures). */
function ViewFigures({ totals }: { totals?: { today: number; week: number; total: number } }) {
  const { today, week, total } = totals ?? { today: 0, week: 0, total: 0 }
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span className="font-medium text-foreground">{week}</span> views in 7 days
      <span className="block text-xs max-md:inline">
        {' '}
        · {today} today · {total} total
      </span>
    </span>
  )
}
