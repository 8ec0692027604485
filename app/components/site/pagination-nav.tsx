import { Link } from 'react-router'
import { pageItems } from '~/lib/pagination'
import { Icon } from './icon'

const itemClass =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring'

/** Page links for a list: Previous, numbered pages with gaps, Next. */
export function PaginationNav({
  page,
  pageCount,
  href,
}: {
  page: number
  pageCount: number
  /** The URL of a page number. */
  href: (page: number) => string
}) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Pagination" className="mt-12 flex items-center justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        {page > 1 ? (
          <li>
            <Link to={href(page - 1)} rel="prev" className={itemClass}>
              <Icon name="chevron-left" className="size-4" />
              Previous
            </Link>
          </li>
        ) : null}
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-2 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className={`${itemClass} aria-[current=page]:border aria-[current=page]:border-foreground`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={href(page + 1)} rel="next" className={itemClass}>
              Next
              <Icon name="chevron-right" className="size-4" />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
