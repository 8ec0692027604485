import {
  FileCheckIcon,
  FileTextIcon,
  FolderTreeIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import {
  ArticleDeleteButton,
  ArticleEditButton,
  ArticleStatusButtons,
} from '~/components/admin/article-row-actions'
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert'
import { Badge, statusBadgeVariant } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { getDashboardData } from '~/domain/articles/admin-articles-queries.server'
import { requireStaff } from '~/domain/access/require-access.server'
import { articleRowAction } from './+shared/article-actions.server'
import type { Route } from './+types/admin._index'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request)
  return getDashboardData()
}

export async function action(args: Route.ActionArgs) {
  return articleRowAction(args, 'dashboard')
}

function StatCard({
  title,
  value,
  icon: Icon,
}: {
  title: string
  value: number
  icon: LucideIcon
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle className="font-sans text-sm font-medium text-muted-foreground">
          {title}
        </CardTitle>
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums">{value.toLocaleString('en-US')}</p>
      </CardContent>
    </Card>
  )
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { totalArticles, publishedArticles, categories, users, recent } = loaderData
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="font-serif text-3xl font-bold tracking-tight">Dashboard</h1>
      <section aria-label="Overview" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard title="Total Articles" value={totalArticles} icon={FileTextIcon} />
        <StatCard title="Published Articles" value={publishedArticles} icon={FileCheckIcon} />
        <StatCard title="Categories" value={categories} icon={FolderTreeIcon} />
        <StatCard title="Total Users" value={users} icon={UsersIcon} />
      </section>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
          <CardTitle id="recent-articles">Recent Articles</CardTitle>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/articles">View all articles</Link>
          </Button>
        </CardHeader>
        <CardContent>
          {recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">No articles yet.</p>
          ) : (
            // Below md each row is a small card: the title, then status and category, then the
            // icon buttons (on that same line from sm), so nothing scrolls sideways. Only CSS
            // moves the cells (same cells, same DOM order), so the desktop table and its texts
            // stay as they were.
            <Table aria-labelledby="recent-articles" className="max-md:block">
              <TableHeader className="max-md:sr-only">
                <TableRow>
                  <TableHead>Title</TableHead>
                  <TableHead className="hidden md:table-cell">Author</TableHead>
                  <TableHead>Category</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody className="max-md:block">
                {recent.map((article) => (
                  <TableRow
                    key={article.id}
                    className="max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:gap-y-2 max-md:py-3"
                  >
                    <TableCell className="min-w-36 max-w-80 font-medium max-md:order-first max-md:min-w-0 max-md:max-w-none max-md:basis-full max-md:p-0">
                      <span className="line-clamp-2">{article.title}</span>
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground md:table-cell">
                      {article.authorEmail ?? 'Unknown'}
                    </TableCell>
                    <TableCell className="max-md:order-2 max-md:min-w-0 max-md:p-0 max-md:text-xs max-md:text-muted-foreground">
                      {article.categoryName ?? 'Uncategorized'}
                    </TableCell>
                    <TableCell className="max-md:order-1 max-md:p-0">
                      <Badge variant={statusBadgeVariant(article.status)} className="capitalize">
                        {article.status}
                      </Badge>
                    </TableCell>
                    <TableCell className="max-md:order-3 max-md:ml-auto max-md:p-0 max-sm:basis-full">
                      <div className="flex justify-end gap-2">
                        <ArticleEditButton id={article.id} />
                        <ArticleStatusButtons id={article.id} status={article.status} />
                        <ArticleDeleteButton id={article.id} title={article.title} />
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard · Admin Panel' }]

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Failed to load the dashboard</AlertTitle>
      <AlertDescription>Please reload the page in a moment.</AlertDescription>
    </Alert>
  )
}
