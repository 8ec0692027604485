import { ANONYMOUS } from '~/domain/authors/byline'
import type { SearchResult } from '~/domain/search/search-schema'
import { LiveBadge } from './live-badge'
import { MembersBadge } from './members-badge'

/**
 * One search hit (docs/product.md §2 Search): title, category or "Uncategorized", author, the date it was
 * published, 2-line excerpt.
 */
export function SearchResultSummary({
  result,
  titleAs: Title = 'span',
}: {
  result: SearchResult
  titleAs?: 'span' | 'h2'
}) {
  return (
    <>
      <Title className="block font-serif text-lg font-semibold leading-snug">{result.title}</Title>
      <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        {result.isLive ? <LiveBadge /> : null}
        {result.isMembers ? <MembersBadge /> : null}
        <span className="font-semibold uppercase tracking-wider text-primary">
          {result.categoryName ?? 'Uncategorized'}
        </span>
        <span aria-hidden="true">·</span>
        <span>By {result.authorName || ANONYMOUS}</span>
        {result.publishedIso ? (
          <>
            <span aria-hidden="true">·</span>
            <time dateTime={result.publishedIso}>{result.publishedLabel}</time>
          </>
        ) : null}
      </span>
      {result.snippet.length > 0 ? (
        // Why it matched: the passage with the query's words marked, drawn as text.
        <span className="mt-1 line-clamp-2 text-sm text-muted-foreground" data-search-snippet="">
          {result.snippet.map((piece, index) =>
            piece.match ? (
              <mark key={index} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
                {piece.text}
              </mark>
            ) : (
              <span key={index}>{piece.text}</span>
            ),
          )}
        </span>
      ) : result.excerpt ? (
        <span className="mt-1 line-clamp-2 text-sm text-muted-foreground">{result.excerpt}</span>
      ) : null}
    </>
  )
}
