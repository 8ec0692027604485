import { useCallback, useEffect, useState } from 'react'
import { data, isRouteErrorResponse, Outlet, useRouteError } from 'react-router'
import { AdminHeader } from '~/components/admin/admin-header'
import { AdminSidebarNav } from '~/components/admin/admin-sidebar'
import { DisplayNameStep } from '~/components/admin/display-name-step'
import { preloadRichTextEditor } from '~/components/admin/rich-text-editor-lazy'
import { TimeZoneStep } from '~/components/admin/time-zone-step'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '~/components/ui/sheet'
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_SHORTCUT } from '~/config/admin-navigation'
import { canReviewArticles } from '~/domain/access/access-rules'
import { requireStaff } from './+shared/require-access.server'
import { countReviewQueue } from '~/domain/articles/review-queries.server'
import { needsSiteTimeZone } from '~/domain/settings/settings.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { needsDisplayName } from '~/domain/users/display-name.server'
import { logger } from '~/infra/logger.server'
import { notFoundOf } from '~/lib/not-found'
import { timeZoneNames } from '~/lib/time-zone'
import { cn } from '~/lib/utils'
import type { Route } from './+types/admin'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request)
  // Read here so the server renders the sidebar as the reader left it (no flash on load).
  const cookie = request.headers.get('cookie') ?? ''
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)`).exec(cookie)
  // The shell shows only what the role may do; reviewers see how many articles wait for them
  // (a failed count only loses the badge, never the back office).
  const reviewQueue = canReviewArticles(user)
    ? await countReviewQueue().catch((error: unknown) => {
        logger.error({ err: error }, 'admin shell: the review queue could not be counted')
        return null
      })
    : null
  // Issue: bylines showed usernames taken from addresses. A staff member without a display
  // name is asked for one before any page of the back office (DisplayNameStep).
  const askDisplayName = await needsDisplayName(user)
  // Issue 36: a new site asks an admin for its time zone once (TimeZoneStep, above the page).
  const askTimeZone = await needsSiteTimeZone(user)
  return data(
    {
      sidebarOpen: match ? match[1] === 'true' : true,
      askDisplayName,
      timeZoneStep: askTimeZone
        ? { current: (await getSiteSettings()).timeZone, zones: timeZoneNames() }
        : null,
      email: user.email,
      viewer: { id: user.id, role: user.role },
      badges: { reviewQueue },
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [open, setOpen] = useState(loaderData.sidebarOpen)
  const [mobileOpen, setMobileOpen] = useState(false)

  const toggle = useCallback(() => {
    setOpen((was) => {
      const next = !was
      document.cookie = `${SIDEBAR_COOKIE}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`
      return next
    })
  }, [])

  // The article editor's code (TipTap, the largest part of the back office) loads while the
  // browser is idle, so that the form is usable at once when it is opened.
  useEffect(() => {
    const preload = () => void preloadRichTextEditor().catch(() => {})
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(preload, 1500)
      return () => window.clearTimeout(timer)
    }
    const handle = window.requestIdleCallback(preload, { timeout: 3000 })
    return () => window.cancelIdleCallback(handle)
  }, [])

  // docs/product.md §9: Ctrl/Cmd+B toggles the sidebar (the sheet on mobile).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SIDEBAR_SHORTCUT || !(event.metaKey || event.ctrlKey)) return
      // Already handled where it was typed: in the article editor Ctrl/Cmd+B is bold.
      if (event.defaultPrevented) return
      event.preventDefault()
      if (window.matchMedia('(min-width: 768px)').matches) toggle()
      else setMobileOpen((was) => !was)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [toggle])

  return (
    <div className="flex min-h-screen bg-background">
      <aside
        data-state={open ? 'expanded' : 'collapsed'}
        className={cn(
          'sticky top-0 hidden h-screen shrink-0 overflow-y-auto border-r border-sidebar-border transition-[width] duration-200 motion-reduce:transition-none md:block',
          open ? 'w-64' : 'w-12',
        )}
      >
        <AdminSidebarNav collapsed={!open} viewer={loaderData.viewer} badges={loaderData.badges} />
      </aside>
      <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
        <SheetContent
          side="left"
          className="w-72 max-w-72 gap-0 border-sidebar-border bg-sidebar p-0 text-sidebar-foreground sm:max-w-72 [&>[data-slot=dialog-close]]:text-sidebar-foreground [&>[data-slot=dialog-close]]:hover:bg-sidebar-accent"
        >
          <SheetTitle className="sr-only">Admin Panel</SheetTitle>
          <SheetDescription className="sr-only">Back-office navigation</SheetDescription>
          <AdminSidebarNav
            onNavigate={() => setMobileOpen(false)}
            viewer={loaderData.viewer}
            badges={loaderData.badges}
          />
        </SheetContent>
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminHeader
          viewer={loaderData.viewer}
          onToggleSidebar={toggle}
          onOpenMobile={() => setMobileOpen(true)}
        />
        <main id="main" className="mx-auto w-full max-w-[1400px] flex-1 p-4 sm:p-6">
          {loaderData.askDisplayName ? (
            <DisplayNameStep />
          ) : (
            <>
              {loaderData.timeZoneStep ? <TimeZoneStep {...loaderData.timeZoneStep} /> : null}
              <Outlet />
            </>
          )}
        </main>
      </div>
    </div>
  )
}

export const meta: Route.MetaFunction = () => [
  { title: 'Admin Panel · Broadsheet' },
  { name: 'robots', content: 'noindex' },
]

/** A back-office page the role may not open, or one that failed: the way back stays in reach. */
export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const refused = status === 403
  const missing = notFoundOf(error)
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold text-muted-foreground">{status}</p>
      <h1 className="font-serif text-3xl font-bold">
        {refused ? 'Access denied' : missing ? missing.message : 'Something went wrong'}
      </h1>
      <p className="text-muted-foreground">
        {refused
          ? 'Your role does not allow you to open this page. An admin can change your role on the Users screen.'
          : missing
            ? 'It may have been deleted, or the address is wrong.'
            : 'This page could not be shown. Please try again in a moment.'}
      </p>
      <a href="/admin" className="text-primary underline underline-offset-4">
        Back to the dashboard
      </a>
    </main>
  )
}
