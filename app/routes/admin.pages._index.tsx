import { Pencil } from 'lucide-react'
import { Link } from 'react-router'
import { PageHeader } from '~/components/admin/page-header'
import { RowActionLabel } from '~/components/admin/row-action-label'
import { Button } from '~/components/ui/button'
import { Card, CardContent } from '~/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '~/components/ui/table'
import { getStaticPage } from '~/domain/pages/pages-queries.server'
import { STATIC_PAGE_LINKS } from '~/domain/pages/static-pages'
import { canManagePages } from '~/domain/access/access-rules'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatShortDate } from '~/lib/dates'
import { requireStaff } from './+shared/require-access.server'
import type { Route } from './+types/admin.pages._index'

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, canManagePages)
  const [pages, { timeZone }] = await Promise.all([
    Promise.all(
      STATIC_PAGE_LINKS.map(async ({ slug, label }) => {
        const page = await getStaticPage(slug)
        return { slug, label, title: page.title, updatedAt: page.updatedAt }
      }),
    ),
    getSiteSettings(),
  ])
  // The day each was last saved, in the paper's time zone (lib/dates.ts).
  return {
    pages: pages.map((page) => ({
      ...page,
      updatedLabel: page.updatedAt ? formatShortDate(page.updatedAt, timeZone) : null,
    })),
  }
}

export default function PagesIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Pages" description="The pages linked from the footer’s Quick Links." />
      <Card>
        <CardContent className="p-0 sm:p-2">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Page</TableHead>
                <TableHead className="hidden sm:table-cell">Title</TableHead>
                <TableHead className="hidden sm:table-cell">Last saved</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaderData.pages.map((page) => (
                <TableRow key={page.slug}>
                  <TableCell className="font-medium">
                    {page.label}
                    <span className="ml-2 font-mono text-xs text-muted-foreground">
                      /{page.slug}
                    </span>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">{page.title}</TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">
                    {page.updatedLabel ?? 'Default text'}
                  </TableCell>
                  <TableCell className="text-right">
                    <Button asChild variant="ghost" size="sm">
                      <Link to={`/admin/pages/${page.slug}`}>
                        <RowActionLabel icon={Pencil} label="Edit" name={page.label} />
                      </Link>
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Pages · Admin Panel' }]
