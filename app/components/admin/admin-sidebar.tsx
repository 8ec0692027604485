import { LogOut } from 'lucide-react'
import { Form, Link, useLocation } from 'react-router'
import {
  ADMIN_NAV,
  ADMIN_NAV_MORE,
  isCurrentNavItem,
  type AdminNavItem,
} from '~/config/admin-navigation'
import { cn } from '~/lib/utils'

const itemClass =
  'flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/90 transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-sidebar-ring [&_svg]:size-4 [&_svg]:shrink-0'

function NavList({
  items,
  collapsed,
  onNavigate,
}: {
  items: AdminNavItem[]
  collapsed: boolean
  onNavigate?: () => void
}) {
  const { pathname } = useLocation()
  return (
    <ul className="grid gap-1">
      {items.map((item) => {
        const current = isCurrentNavItem(item, pathname)
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              prefetch="intent"
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              title={collapsed ? item.title : undefined}
              className={cn(
                itemClass,
                collapsed && 'justify-center px-0',
                current &&
                  'bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary hover:text-sidebar-primary-foreground',
              )}
            >
              <item.icon aria-hidden="true" />
              <span className={cn(collapsed && 'sr-only')}>{item.title}</span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

/** The dark navigation panel: in the page on desktop, inside a sheet on mobile. */
export function AdminSidebarNav({
  collapsed = false,
  onNavigate,
}: {
  collapsed?: boolean
  onNavigate?: () => void
}) {
  return (
    <div className="flex h-full flex-col gap-4 bg-sidebar py-4 text-sidebar-foreground">
      <div className={cn('flex h-8 items-center px-4', collapsed && 'justify-center px-0')}>
        <Link
          to="/admin"
          onClick={onNavigate}
          className="rounded-sm font-serif text-lg font-bold focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-sidebar-ring"
          title={collapsed ? 'Admin Panel' : undefined}
        >
          {collapsed ? <span aria-label="Admin Panel">A</span> : <span>Admin Panel</span>}
        </Link>
      </div>
      <nav aria-label="Admin" className={cn('grid gap-4 px-2', collapsed && 'px-1.5')}>
        <NavList items={ADMIN_NAV} collapsed={collapsed} onNavigate={onNavigate} />
        <div className="grid gap-1 border-t border-sidebar-border pt-4">
          <p
            className={cn(
              'px-2.5 pb-1 text-xs font-semibold uppercase tracking-wide text-sidebar-muted-foreground',
              collapsed && 'sr-only',
            )}
          >
            More
          </p>
          <NavList items={ADMIN_NAV_MORE} collapsed={collapsed} onNavigate={onNavigate} />
        </div>
      </nav>
      <Form
        method="post"
        action="/signout"
        className={cn('mt-auto border-t border-sidebar-border px-2 pt-4', collapsed && 'px-1.5')}
      >
        <input type="hidden" name="from" value="admin" />
        <button
          type="submit"
          title={collapsed ? 'Logout' : undefined}
          className={cn(itemClass, collapsed && 'justify-center px-0')}
        >
          <LogOut aria-hidden="true" />
          <span className={cn(collapsed && 'sr-only')}>Logout</span>
        </button>
      </Form>
    </div>
  )
}
