import { Loader2Icon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog'
import {
  normalizeSearchQuery,
  SEARCH_DIALOG_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchResponse,
  type SearchResult,
} from '~/domain/search/search-schema'
import { Icon } from './icon'
import { SearchResultSummary } from './search-result-item'

const DEBOUNCE_MS = 200

type Outcome =
  { query: string; status: 'done'; results: SearchResult[] } | { query: string; status: 'failed' }

/** Results as you type: debounced, the previous request cancelled when the query moves on. */
function useSearch(query: string, enabled: boolean): Outcome | null {
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  useEffect(() => {
    // docs/product.md §5: nothing is sent for a blank query.
    if (!enabled || query === '') return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const params = new URLSearchParams({ q: query, limit: String(SEARCH_DIALOG_LIMIT) })
        const response = await fetch(`/api/search?${params}`, { signal: controller.signal })
        if (!response.ok) throw new Error(`search answered ${response.status}`)
        const body = (await response.json()) as SearchResponse
        setOutcome({ query, status: 'done', results: body.results })
      } catch {
        if (!controller.signal.aborted) setOutcome({ query, status: 'failed' })
      }
    }, DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query, enabled])
  return outcome
}

export function SearchDialog({
  open,
  onOpenChange,
  query,
  onQueryChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  query: string
  onQueryChange: (query: string) => void
}) {
  const navigate = useNavigate()
  const listId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const normalized = normalizeSearchQuery(query)
  const outcome = useSearch(normalized, open)
  const current = outcome && outcome.query === normalized ? outcome : null
  const results = current?.status === 'done' ? current.results : []
  // The highlighted result belongs to the query it was chosen for; new results start at the top.
  const [active, setActive] = useState({ query: '', index: 0 })
  const activeIndex = active.query === normalized ? active.index : 0

  const choose = (result: SearchResult) => {
    onOpenChange(false)
    navigate(`/article/${result.slug}`)
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (results.length === 0) return
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive({
        query: normalized,
        index: (activeIndex + step + results.length) % results.length,
      })
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const result = results[activeIndex]
      if (result) choose(result)
      else if (normalized !== '') {
        onOpenChange(false)
        navigate(`/search?${new URLSearchParams({ q: normalized })}`)
      }
    }
  }

  let status: React.ReactNode
  if (normalized === '') status = 'Start typing to search articles...'
  else if (!current)
    status = (
      <span className="inline-flex items-center gap-2">
        <Loader2Icon
          aria-hidden="true"
          className="size-4 animate-spin motion-reduce:animate-none"
        />
        Searching...
      </span>
    )
  else if (current.status === 'failed')
    status = 'Search is not available right now. Please try again.'
  else if (results.length === 0) status = `No articles found for "${query.trim()}"`
  else status = null

  const optionId = (index: number) => `${listId}-option-${index}`

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="top-[8vh] max-w-2xl translate-y-0 gap-0 p-0 sm:top-[12vh]"
        onOpenAutoFocus={(event) => {
          // Radix's own first focus selects the field's text: a query whose first letters were
          // typed before the dialog arrived would be replaced by the next letter. The caret
          // goes after them instead.
          event.preventDefault()
          const input = inputRef.current
          if (!input) return
          input.focus()
          input.setSelectionRange(input.value.length, input.value.length)
        }}
      >
        <DialogTitle className="sr-only">Search</DialogTitle>
        <DialogDescription className="sr-only">
          Type to search published articles; use the arrow keys and Enter to open a result.
        </DialogDescription>
        <div className="flex items-center gap-2 border-b px-4 pr-12">
          <Icon name="search" className="size-5 shrink-0 text-muted-foreground" />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            enterKeyHint="search"
            aria-label="Search articles"
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results.length > 0 ? optionId(activeIndex) : undefined}
            placeholder="Search articles..."
            value={query}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => onQueryChange(event.target.value)}
            onKeyDown={onKeyDown}
            className="h-14 w-full bg-transparent text-base text-foreground outline-hidden placeholder:text-muted-foreground"
          />
        </div>
        <div className="max-h-[60vh] overflow-y-auto p-2">
          <div
            role="status"
            aria-live="polite"
            className={status ? 'px-3 py-8 text-center text-sm text-muted-foreground' : 'sr-only'}
          >
            {status ?? `${results.length} ${results.length === 1 ? 'result' : 'results'}`}
          </div>
          <ul
            id={listId}
            role="listbox"
            aria-label="Search results"
            className={results.length > 0 ? 'grid gap-1' : 'hidden'}
          >
            {results.map((result, index) => (
              <li key={result.id} role="presentation">
                <Link
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  tabIndex={-1}
                  to={`/article/${result.slug}`}
                  onClick={() => onOpenChange(false)}
                  onMouseMove={() =>
                    index !== activeIndex && setActive({ query: normalized, index })
                  }
                  className="block rounded-md px-3 py-2.5 aria-selected:bg-accent aria-selected:text-accent-foreground"
                >
                  <SearchResultSummary result={result} />
                </Link>
              </li>
            ))}
          </ul>
          {results.length > 0 ? (
            <Link
              to={`/search?${new URLSearchParams({ q: normalized })}`}
              onClick={() => onOpenChange(false)}
              className="mt-1 block rounded-md px-3 py-2 text-center text-sm font-medium text-primary hover:underline"
            >
              See all results
            </Link>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  )
}
