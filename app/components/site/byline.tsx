import { Fragment } from 'react'
import { Link } from 'react-router'
import { ANONYMOUS, type BylineAuthor } from '~/domain/authors/byline'
import { textLinkClass } from './styles'

/**
 * "By A", "By A and B", "By A, B and C" (issue 40; `joinNames` in byline.ts words the same for
 * feeds and text), each name linking its author page when it has one.
 */
export function Byline({ authors }: { authors: readonly BylineAuthor[] }) {
  if (authors.length === 0) return <span>By {ANONYMOUS}</span>
  return (
    <span>
      By{' '}
      {authors.map((author, index) => (
        <Fragment key={`${author.username ?? author.name}-${index}`}>
          {separatorBefore(index, authors.length)}
          {author.path ? (
            <Link
              to={author.path}
              rel="author"
              className={`${textLinkClass} font-semibold text-foreground`}
            >
              {author.name}
            </Link>
          ) : (
            author.name
          )}
        </Fragment>
      ))}
    </span>
  )
}

function separatorBefore(index: number, count: number): string {
  if (index === 0) return ''
  return index === count - 1 ? ' and ' : ', '
}
