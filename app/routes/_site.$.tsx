import { data, Form } from 'react-router'
import { PageStatus } from '~/components/site/page-status'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
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
  return (
    <PageStatus title="Page not found" message="The page you're looking for doesn't exist.">
      {/* A reader who followed a dead link still came for a story: offer to look for it. A
          plain GET form, so it works before (or without) the page's JavaScript. */}
      <Form method="get" action="/search" role="search" className="flex w-full max-w-md gap-2">
        <Input
          type="search"
          name="q"
          aria-label="Search the site"
          placeholder="Search articles"
          className="h-11"
        />
        <Button type="submit" className="h-11">
          Search
        </Button>
      </Form>
    </PageStatus>
  )
}
