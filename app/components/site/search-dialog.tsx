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
import type { EditionSearchView } from './edition-search-results'
import { Icon } from './icon'
import { SearchResultSummary } from './search-result-item'

const DEBOUNCE_MS = 200

/** /api/search's answer: the articles, and the print editions that /search shows too. */
export interface SearchDialogAnswer extends SearchResponse {
  editions: EditionSearchView[]
}

type Outcome =
  | { query: string; status: 'done'; results: SearchResult[]; editions: EditionSearchView[] }
  | { query: string; status: 'failed' }

/** One row of the list, articles first, then print editions: the arrow keys walk them all. */
type Choice = { href: string; key: string } & (
  { kind: 'article'; result: SearchResult } | { kind: 'edition'; edition: EditionSearchView }
)

/** An edition opens at the page its snippet comes from. */
function editionHref(edition: EditionSearchView) {
  return `/newspapers/${edition.slug}?page=${edition.snippetPage}`
}

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
        const body = (await response.json()) as SearchDialogAnswer
        setOutcome({
          query,
          status: 'done',
          results: body.results,
          editions: body.editions ?? [],
        })
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
  const editions = current?.status === 'done' ? current.editions : []
  const choices: Choice[] = [
    ...results.map((result) => ({
      kind: 'article' as const,
      result,
      href: `/article/${result.slug}`,
      key: `article-${result.id}`,
    })),
    ...editions.map((edition) => ({
      kind: 'edition' as const,
      edition,
      href: editionHref(edition),
      key: `edition-${edition.slug}`,
    })),
  ]
  // The highlighted result belongs to the query it was chosen for; new results start at the top.
  const [active, setActive] = useState({ query: '', index: 0 })
  const activeIndex = active.query === normalized ? active.index : 0

  const choose = (choice: Choice) => {
    onOpenChange(false)
    navigate(choice.href)
  }

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (choices.length === 0) return
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      const next = (activeIndex + step + choices.length) % choices.length
      setActive({ query: normalized, index: next })
      // The list scrolls within the dialog: the highlighted row stays in sight.
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' })
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const choice = choices[activeIndex]
      if (choice) choose(choice)
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
  else if (choices.length === 0) status = `No articles found for "${query.trim()}"`
  else status = null

  const optionId = (index: number) => `${listId}-option-${index}`

  const renderChoice = (choice: Choice, index: number) => (
    <Link
      key={choice.key}
      id={optionId(index)}
      role="option"
      aria-selected={index === activeIndex}
      tabIndex={-1}
      to={choice.href}
      onClick={() => onOpenChange(false)}
      onMouseMove={() => index !== activeIndex && setActive({ query: normalized, index })}
      className="block rounded-md px-3 py-2.5 aria-selected:bg-accent aria-selected:text-accent-foreground"
    >
      {choice.kind === 'article' ? (
        <SearchResultSummary result={choice.result} />
      ) : (
        <EditionSummary edition={choice.edition} />
      )}
    </Link>
  )

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
          Type to search published articles and print editions; use the arrow keys and Enter to open
          a result.
        </DialogDescription>
        <div className="flex items-center gap-2 border-b px-4 pr-12">
          <Icon name="search" className="size-5 shrink-0 text-muted-foreground" />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            enterKeyHint="search"
            aria-label="Search articles"
            aria-expanded={choices.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={choices.length > 0 ? optionId(activeIndex) : undefined}
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
            {status ?? `${choices.length} ${choices.length === 1 ? 'result' : 'results'}`}
          </div>
          <div
            id={listId}
            role="listbox"
            aria-label="Search results"
            className={choices.length > 0 ? 'grid gap-3' : 'hidden'}
          >
            {results.length > 0 ? (
              <ChoiceGroup label="Articles" labelled={editions.length > 0}>
                {choices.map((choice, index) =>
                  choice.kind === 'article' ? renderChoice(choice, index) : null,
                )}
              </ChoiceGroup>
            ) : null}
            {editions.length > 0 ? (
              <ChoiceGroup label="Print editions" labelled>
                {choices.map((choice, index) =>
                  choice.kind === 'edition' ? renderChoice(choice, index) : null,
                )}
              </ChoiceGroup>
            ) : null}
          </div>
          {choices.length > 0 ? (
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

/** A group of the listbox; its visible name only when there are two kinds of results. */
function ChoiceGroup({
  label,
  labelled,
  children,
}: {
  label: string
  labelled: boolean
  children: React.ReactNode
}) {
  const labelId = useId()
  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-1">
      <div
        id={labelId}
        role="presentation"
        className={
          labelled
            ? 'px-3 pt-1 font-sans text-xs font-semibold uppercase tracking-wider text-muted-foreground'
            : 'sr-only'
        }
      >
        {label}
      </div>
      {children}
    </div>
  )
}

/** A print edition that matched: title, date and number, the page, why it matched. */
function EditionSummary({ edition }: { edition: EditionSearchView }) {
  return (
    <>
      <span className="block font-serif text-lg font-semibold leading-snug">{edition.title}</span>
      <span className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
        <span className="font-semibold uppercase tracking-wider text-primary">Print edition</span>
        <span aria-hidden="true">·</span>
        <time dateTime={edition.dateIso}>{edition.dateLabel}</time>
        {edition.numberLabel ? (
          <>
            <span aria-hidden="true">·</span>
            <span>{edition.numberLabel}</span>
          </>
        ) : null}
        <span aria-hidden="true">·</span>
        <span>Page {edition.snippetPage}</span>
      </span>
      {edition.snippet.length > 0 ? (
        <span className="mt-1 line-clamp-2 text-sm text-muted-foreground" data-search-snippet="">
          {edition.snippet.map((part, index) =>
            part.hit ? (
              <mark key={index} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
                {part.text}
              </mark>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </span>
      ) : null}
    </>
  )
}
