import { Link, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'

/** The address of another page of the view: its filters kept, page 1 without `page`. */
function pageHref(search: string, page: number) {
  const params = new URLSearchParams(search)
  if (page === 1) params.delete('page')
  else params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}

/** "Page 2 of 5", Previous and Next, under a back-office list (Members, Subscribers). */
export function ListPager({ page, pageCount }: { page: number; pageCount: number }) {
  const { search } = useLocation()
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2 p-2">
      <span className="text-sm text-muted-foreground">
        Page {page} of {pageCount}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={pageHref(search, page - 1)}>Previous</Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={pageHref(search, page + 1)}>Next</Link>
          </Button>
        ) : null}
      </span>
    </nav>
  )
}
