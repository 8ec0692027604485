import { data, Form, isRouteErrorResponse, redirect, useRouteError } from 'react-router'
import { PageStatus } from '~/components/site/page-status'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { answerForNotFound } from '~/domain/redirects/not-found-answer.server'
import { redirectCacheControl } from '~/infra/http-cache.server'
import { errorMeta } from '~/lib/seo'
import { notFound } from './+shared/http-answers.server'
import type { Route } from './+types/_site.$'

// A reader's page: the toaster loads only if a toast arrives (root.tsx).
export const handle = { deferToaster: true }

// Any path no other route claims: an old address kept for it (app/domain/redirects) answers
// here, for a page load and a client-side navigation alike; otherwise a 404 that keeps the
// site's header and footer. entry.server.tsx does not look this path up a second time.
export async function loader({ request, url }: Route.LoaderArgs) {
  const moved = await answerForNotFound(request, url)
  if (moved?.kind === 'redirect')
    throw redirect(moved.location, {
      status: moved.status,
      headers: { 'Cache-Control': redirectCacheControl(moved.status) },
    })
  if (moved?.kind === 'gone') throw data('Gone', { status: 410 })
  notFound('Page not found')
}

export default function NotFound() {
  return null
}

const isGone = (error: unknown) => isRouteErrorResponse(error) && error.status === 410

export const meta: Route.MetaFunction = ({ error }) =>
  errorMeta(isGone(error) ? 'Gone' : 'Page not found')

export function ErrorBoundary() {
  const error = useRouteError()
  // A 410 an editor set by hand: the page was taken down on purpose, not lost.
  if (isGone(error))
    return (
      <PageStatus
        title="Gone"
        message="This page was removed on purpose and is no longer available."
      />
    )
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
