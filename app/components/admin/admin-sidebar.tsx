import { LogOut } from 'lucide-react'
import { Form, Link, useLocation } from 'react-router'
import {
  ADMIN_NAV,
  ADMIN_NAV_MORE,
  isCurrentNavItem,
  navItemsFor,
  type AdminNavItem,
} from '~/config/admin-navigation'
import type { Actor } from '~/domain/access/access-rules'
import { cn } from '~/lib/utils'

/** Counts beside nav items; null or 0 shows none. */
export type AdminNavBadges = Partial<Record<NonNullable<AdminNavItem['badge']>, number | null>>

const BADGE_LABELS: Record<NonNullable<AdminNavItem['badge']>, (n: number) => string> = {
  reviewQueue: (n) => `${n} waiting for review`,
}

const itemClass =
  'flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm font-medium text-sidebar-foreground/90 transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-sidebar-ring [&_svg]:size-4 [&_svg]:shrink-0'

function NavList({
  items,
  collapsed,
  badges,
  onNavigate,
}: {
  items: AdminNavItem[]
  collapsed: boolean
  badges: AdminNavBadges
  onNavigate?: () => void
}) {
  const { pathname } = useLocation()
  return (
    <ul className="grid gap-1">
      {items.map((item) => {
        const current = isCurrentNavItem(item, pathname)
        const count = item.badge ? (badges[item.badge] ?? 0) : 0
        const countLabel = item.badge && count > 0 ? BADGE_LABELS[item.badge](count) : null
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              prefetch="intent"
              onClick={onNavigate}
              aria-current={current ? 'page' : undefined}
              title={collapsed ? [item.title, countLabel].filter(Boolean).join(': ') : undefined}
              className={cn(
                itemClass,
                'relative',
                collapsed && 'justify-center px-0',
                current &&
                  'bg-sidebar-primary text-sidebar-primary-foreground hover:bg-sidebar-primary hover:text-sidebar-primary-foreground',
              )}
            >
              <item.icon aria-hidden="true" />
              <span className={cn(collapsed && 'sr-only')}>{item.title}</span>
              {countLabel ? (
                <>
                  <span
                    aria-hidden="true"
                    data-testid="nav-badge"
                    className={cn(
                      'grid h-5 min-w-5 place-items-center rounded-full px-1.5 text-xs font-semibold tabular-nums',
                      collapsed
                        ? 'absolute -top-1 -right-1 h-4 min-w-4 px-1 text-[10px]'
                        : 'ml-auto',
                      current
                        ? 'bg-sidebar-primary-foreground text-sidebar-primary'
                        : 'bg-sidebar-primary text-sidebar-primary-foreground',
                    )}
                  >
                    {count > 99 ? '99+' : count}
                  </span>
                  <span className="sr-only">, {countLabel}</span>
                </>
              ) : null}
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
  viewer,
  badges = {},
  onNavigate,
}: {
  collapsed?: boolean
  /** The signed-in person: the panel lists only the screens their role may open. */
  viewer: Actor
  badges?: AdminNavBadges
  onNavigate?: () => void
}) {
  const main = navItemsFor(ADMIN_NAV, viewer)
  const more = navItemsFor(ADMIN_NAV_MORE, viewer)
  return (
    // At least the panel's height, and as tall as its links: on a short window the panel
    // scrolls (admin.tsx) and Logout stays on its dark ground (axe: 1.17:1 on the page's).
    <div className="flex min-h-full flex-col gap-4 bg-sidebar py-4 text-sidebar-foreground">
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
        <NavList items={main} collapsed={collapsed} badges={badges} onNavigate={onNavigate} />
        {more.length > 0 ? (
          <div className="grid gap-1 border-t border-sidebar-border pt-4">
            <p
              className={cn(
                'px-2.5 pb-1 text-xs font-semibold uppercase tracking-wide text-sidebar-muted-foreground',
                collapsed && 'sr-only',
              )}
            >
              More
            </p>
            <NavList items={more} collapsed={collapsed} badges={badges} onNavigate={onNavigate} />
          </div>
        ) : null}
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
