import { useEffect } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  type LinksFunction,
} from 'react-router'
import { toast as showToast } from 'sonner'
import { Toaster } from '~/components/ui/sonner'
import { getRootData } from '~/infra/root-data.server'
import { getToast } from '~/infra/toast.server'
import { themeScript } from '~/lib/theme-script'
import { useTheme } from '~/lib/use-theme'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
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
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
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

function Toasts({ toast }: { toast: Route.ComponentProps['loaderData']['toast'] }) {
  const { theme } = useTheme()
  useEffect(() => {
    if (!toast) return
    const show = toast.type === 'message' ? showToast : showToast[toast.type]
    // Deferred a tick so the toaster is mounted after hydration.
    const timer = setTimeout(
      () => show(toast.title, { id: toast.id, description: toast.description }),
      0,
    )
    return () => clearTimeout(timer)
  }, [toast])
  return <Toaster theme={theme} />
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
