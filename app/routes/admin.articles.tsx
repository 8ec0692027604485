import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react'
import { data, Link, useLocation, useNavigation } from 'react-router'
import { ArticleListFilters } from '~/components/admin/article-list-filters'
import { ArticleDeleteButton, ArticleEditButton } from '~/components/admin/article-row-actions'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge, statusBadgeVariant } from '~/components/ui/badge'
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
import { requireAdmin } from '~/infra/permissions.server'
import { formatShortDate } from '~/lib/dates'
import { pageItems } from '~/lib/pagination'
import { cn } from '~/lib/utils'
import { articleRowAction } from './+shared/article-actions.server'
import type { Route } from './+types/admin.articles'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const filters = parseAdminArticleFilters(new URL(request.url).searchParams)
  const [page, categories] = await Promise.all([listAdminArticles(filters), listCategories()])
  return data(
    { page, categories: categories.map(({ id, name }) => ({ id, name })) },
    // Spec §7: the admin list is never cached.
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export async function action({ request }: Route.ActionArgs) {
  return articleRowAction(request, 'list')
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

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  const { page, categories } = loaderData
  const navigation = useNavigation()
  // Spec §2: "Loading..." while the list loads (here: while a new page or filter loads).
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
        <Table aria-label="Articles">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Author</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Tags</TableHead>
              <TableHead>Published</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7} className="py-10 text-center text-muted-foreground">
                  No articles found.
                </TableCell>
              </TableRow>
            ) : (
              page.items.map((article) => (
                <TableRow key={article.id}>
                  <TableCell className="min-w-48 max-w-96 font-medium">
                    <Link
                      to={`/admin/edit-article/${article.id}`}
                      className="line-clamp-2 hover:underline"
                    >
                      {article.title}
                    </Link>
                  </TableCell>
                  <TableCell>{article.categoryName ?? 'Uncategorized'}</TableCell>
                  <TableCell>{article.authorUsername ?? 'Unknown'}</TableCell>
                  <TableCell>
                    <Badge variant={statusBadgeVariant(article.status)} className="capitalize">
                      {article.status}
                    </Badge>
                  </TableCell>
                  <TableCell className="min-w-32">
                    <div className="flex flex-wrap gap-1">
                      {article.tags.map((tag) => (
                        <Badge key={tag.id} variant="outline">
                          {tag.name}
                        </Badge>
                      ))}
                    </div>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {article.publishedAt ? formatShortDate(article.publishedAt) : 'Not published'}
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      <ArticleEditButton id={article.id} iconOnly />
                      <ArticleDeleteButton id={article.id} title={article.title} iconOnly />
                    </div>
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
