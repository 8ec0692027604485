import { data } from 'react-router'
import { PageStatus } from '~/components/site/page-status'
import { errorMeta } from '~/lib/seo'
import type { Route } from './+types/_site.$'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

// Any path no other route claims: a 404 that keeps the site's header and footer.
export async function loader() {
  throw data('Page not found', { status: 404 })
}

export default function NotFound() {
  return null
}

export const meta: Route.MetaFunction = () => errorMeta('Page not found')

export function ErrorBoundary() {
  return <PageStatus title="Page not found" message="The page you're looking for doesn't exist." />
}
