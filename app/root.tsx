import { lazy, Suspense, useEffect, useState } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  type LinksFunction,
} from 'react-router'
import { getToast } from '~/infra/toast.server'
import { searchShortcutScript } from '~/lib/search-shortcut'
import { SITE_LANGUAGE } from '~/lib/site-language'
import { themeScript } from '~/lib/theme-script'
import { useTheme } from '~/lib/use-theme'
import { getRootData } from '~/routes/+shared/root-data.server'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'

export const links: LinksFunction = () => [
  // With a precedence React sends the stylesheet ahead of the scripts' modulepreload links, so
  // the browser asks for it first (it blocks the first paint; they do not).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const [{ toast, headers }, rootData] = await Promise.all([
    getToast(request),
    getRootData(request),
  ])
  return data({ ...rootData, toast }, headers ? { headers } : undefined)
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang={SITE_LANGUAGE} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
        <script dangerouslySetInnerHTML={{ __html: searchShortcutScript }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

// sonner (~9 KB gzip) loads only where it is needed: on a page that has a toast to show, and
// on every screen except the reader's pages (leaf routes with handle.deferToaster), which
// must stay within the article page's JavaScript budget. sonner replays toasts raised before
// its Toaster mounts, so nothing is lost while it loads.
const Toaster = lazy(() => import('~/components/ui/sonner').then((m) => ({ default: m.Toaster })))

function Toasts({ toast }: { toast: Route.ComponentProps['loaderData']['toast'] }) {
  const { theme } = useTheme()
  const matches = useMatches()
  const leaf = matches[matches.length - 1]?.handle as { deferToaster?: boolean } | undefined
  const needed = toast !== null || !leaf?.deferToaster
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (needed) setMounted(true)
  }, [needed])
  useEffect(() => {
    if (!toast) return
    let cancelled = false
    void import('sonner').then(({ toast: showToast }) => {
      if (cancelled) return
      const show = toast.type === 'message' ? showToast : showToast[toast.type]
      const { description, link } = toast
      show(toast.title, {
        id: toast.id,
        description: link ? (
          <>
            {description ? `${description} — ` : null}
            <a href={link.href} className="font-medium underline underline-offset-2">
              {link.label}
            </a>
          </>
        ) : (
          description
        ),
      })
    })
    return () => {
      cancelled = true
    }
  }, [toast])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} />
    </Suspense>
  )
}

export default function App() {
  const loaderData = useLoaderData<typeof loader>()
  return (
    <>
      <Outlet />
      <Toasts toast={loaderData.toast} />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const title =
    status === 404 ? 'Page not found' : status === 403 ? 'Access denied' : 'Something went wrong'
  const message =
    status === 404
      ? "The page you're looking for doesn't exist."
      : status === 403
        ? 'You do not have permission to see this page.'
        : 'An unexpected error occurred. Please try again in a moment.'
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold text-muted-foreground">{status}</p>
      <h1 className="font-serif text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{message}</p>
      <a href="/" className="text-primary underline underline-offset-4">
        Back to the front page
      </a>
    </main>
  )
}
