import { ChevronRight, DatabaseBackup, Menu, PanelLeft, Plus } from 'lucide-react'
import { Fragment } from 'react'
import { Link, useFetcher, useLocation, useMatches } from 'react-router'
import { Button } from '~/components/ui/button'
import { breadcrumbsFor, type BreadcrumbHandle } from '~/config/admin-navigation'
import { canCreateArticle, canManageBackups, type Actor } from '~/domain/access/access-rules'
import { useActionToast } from './use-action-toast'
import type { ActionResult } from '~/lib/action-result'

export function AdminBreadcrumb() {
  const { pathname } = useLocation()
  // The page may name itself from its data (handle.breadcrumb): the article form's title.
  const page = useMatches().at(-1)
  const handle = page?.handle as BreadcrumbHandle | undefined
  const pageLabel = page?.loaderData ? handle?.breadcrumb?.(page.loaderData) : null
  const crumbs = breadcrumbsFor(pathname, pageLabel)
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1
          return (
            <Fragment key={crumb.to}>
              {i > 0 ? (
                <ChevronRight aria-hidden="true" className="hidden size-3.5 shrink-0 sm:block" />
              ) : null}
              {/* The page's own name gives way first, so the path to it stays readable; a
                  phone has room for the page's name only (the menu leads elsewhere). */}
              <li
                className={last ? 'min-w-0 truncate' : 'hidden shrink-0 sm:block'}
                title={last ? crumb.label : undefined}
              >
                {last ? (
                  <span aria-current="page" className="font-medium text-foreground">
                    {crumb.label}
                  </span>
                ) : (
                  <Link to={crumb.to} className="rounded-sm hover:text-foreground hover:underline">
                    {crumb.label}
                  </Link>
                )}
              </li>
            </Fragment>
          )
        })}
      </ol>
    </nav>
  )
}

/**
 * docs/product.md §2: "Create New Article" and "Backup Database" on every admin screen, each for the
 * roles that may use it (backups are the admin's).
 */
export function AdminHeader({
  viewer,
  onToggleSidebar,
  onOpenMobile,
}: {
  viewer: Actor
  onToggleSidebar: () => void
  onOpenMobile: () => void
}) {
  const backup = useFetcher<ActionResult>()
  useActionToast(backup.data)
  const busy = backup.state !== 'idle'
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        className="size-9 md:hidden"
        onClick={onOpenMobile}
        aria-label="Open menu"
      >
        <Menu aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="hidden size-9 md:inline-flex"
        onClick={onToggleSidebar}
        aria-label="Toggle Sidebar"
        title="Toggle Sidebar (Ctrl+B)"
      >
        <PanelLeft aria-hidden="true" />
      </Button>
      <div className="min-w-0 flex-1">
        <AdminBreadcrumb />
      </div>
      {canCreateArticle(viewer) ? (
        <Button asChild size="sm">
          <Link to="/admin/new-article" aria-label="Create New Article">
            <Plus aria-hidden="true" />
            <span className="hidden sm:inline">Create New Article</span>
          </Link>
        </Button>
      ) : null}
      {canManageBackups(viewer) ? (
        <backup.Form method="post" action="/admin/backups">
          <input type="hidden" name="intent" value="create" />
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={busy}
            aria-label="Backup Database"
          >
            <DatabaseBackup aria-hidden="true" className={busy ? 'animate-pulse' : undefined} />
            <span className="hidden sm:inline">{busy ? 'Backing up…' : 'Backup Database'}</span>
          </Button>
        </backup.Form>
      ) : null}
    </header>
  )
}
