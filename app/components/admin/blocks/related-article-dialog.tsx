import { useEffect, useState } from 'react'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import type { SearchResult } from '~/domain/search/search-schema'
import type { BlockDialogProps } from './block-dialog'
import { insertBlock } from './insert-block'
import { relatedArticleContent } from './related-article-node'
import { returnFocus } from './return-focus'

// "Related article": find one of the site's stories by the site's own search (/api/search:
// published stories only, the only ones a card can show) and insert a card for it.

type Found =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; results: SearchResult[] }
  | { state: 'failed' }

const SEARCH_DELAY_MS = 250

function useArticleSearch(query: string): Found {
  const [found, setFound] = useState<Found>({ state: 'idle' })
  useEffect(() => {
    const q = query.trim()
    if (q === '') return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setFound({ state: 'loading' })
      fetch(`/api/search?${new URLSearchParams({ q, limit: '8' })}`, {
        headers: { Accept: 'application/json' },
        signal: controller.signal,
      })
        .then((response) => {
          if (!response.ok) throw new Error(`search answered ${response.status}`)
          return response.json() as Promise<{ results: SearchResult[] }>
        })
        .then(({ results }) => setFound({ state: 'done', results }))
        .catch(() => {
          if (!controller.signal.aborted) setFound({ state: 'failed' })
        })
    }, SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [query])
  return query.trim() === '' ? { state: 'idle' } : found
}

export function RelatedArticleDialog({ editor, open, onOpenChange }: BlockDialogProps) {
  const [query, setQuery] = useState('')
  const found = useArticleSearch(query)

  function choose(result: SearchResult) {
    onOpenChange(false)
    setQuery('')
    insertBlock(editor, relatedArticleContent({ articleId: result.id, title: result.title }))
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) setQuery('')
      }}
    >
      <DialogContent onCloseAutoFocus={(event) => returnFocus(event, editor)}>
        <DialogHeader>
          <DialogTitle>Related article</DialogTitle>
          <DialogDescription>
            Find a published story; readers see its current title, picture and link.
          </DialogDescription>
        </DialogHeader>
        <Field>
          <Label htmlFor="rte-related-query">Search stories</Label>
          <Input
            id="rte-related-query"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            // Enter must not submit the article form around the portalled dialog.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault()
                if (found.state === 'done' && found.results[0]) choose(found.results[0])
              }
            }}
          />
        </Field>
        <div aria-live="polite" className="min-h-6 text-sm text-muted-foreground">
          {found.state === 'loading' ? 'Searching…' : null}
          {found.state === 'failed' ? 'The search failed. Try again.' : null}
          {found.state === 'done' && found.results.length === 0
            ? 'No published story matches.'
            : null}
        </div>
        {found.state === 'done' && found.results.length > 0 ? (
          <ul aria-label="Stories found" className="-mt-4 grid max-h-72 gap-1 overflow-y-auto">
            {found.results.map((result) => (
              <li key={result.id}>
                <button
                  type="button"
                  onClick={() => choose(result)}
                  className="w-full rounded-md px-3 py-2 text-left hover:bg-accent focus-visible:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="block font-medium">{result.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {[result.categoryName, result.publishedLabel].filter(Boolean).join(' · ')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
