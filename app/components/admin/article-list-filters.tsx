import { SearchIcon, XIcon } from 'lucide-react'
import { Form, Link, useSearchParams, useSubmit } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select'
import {
  ARTICLE_STATUS_NAMES,
  ARTICLE_STATUSES,
  NO_CATEGORY,
} from '~/domain/articles/articles-schema'

const ALL = 'all'

export const SORT_LABELS = {
  'created-desc': 'Newest first',
  'created-asc': 'Oldest first',
  'published-desc': 'Recently published',
  'published-asc': 'First published',
} as const

/**
 * Search, status, category and sort of the article list. The state lives in the URL (a GET
 * form), so a filtered list can be bookmarked, shared and reloaded; changing a filter starts
 * again at page 1.
 */
export function ArticleListFilters({ categories }: { categories: { id: number; name: string }[] }) {
  const [params] = useSearchParams()
  const submit = useSubmit()
  const status = params.get('status') ?? ALL
  const category = params.get('category') ?? ALL
  const sort = params.get('sort') ?? 'created-desc'
  const q = params.get('q') ?? ''
  const filtered = Boolean(
    q || params.get('status') || params.get('category') || params.get('sort'),
  )

  function change(name: string, value: string) {
    const next = new URLSearchParams(params)
    next.delete('page')
    if (value === ALL || (name === 'sort' && value === 'created-desc')) next.delete(name)
    else next.set(name, value)
    submit(next, { method: 'get', preventScrollReset: true })
  }

  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter articles"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      {/* The other filters ride along when the search is submitted. */}
      {params.get('status') ? <input type="hidden" name="status" value={status} /> : null}
      {params.get('category') ? <input type="hidden" name="category" value={category} /> : null}
      {params.get('sort') ? <input type="hidden" name="sort" value={sort} /> : null}
      <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
        <Label htmlFor="article-search">Search by title</Label>
        <div className="flex gap-2">
          <Input
            key={q}
            id="article-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder="Search by title…"
            maxLength={200}
          />
          <Button type="submit" variant="outline" size="icon" aria-label="Search">
            <SearchIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-status">Status</Label>
        <Select value={status} onValueChange={(value) => change('status', value)}>
          <SelectTrigger id="filter-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {ARTICLE_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {ARTICLE_STATUS_NAMES[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-category">Category</Label>
        <Select value={category} onValueChange={(value) => change('category', value)}>
          <SelectTrigger id="filter-category">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All categories</SelectItem>
            <SelectItem value={NO_CATEGORY}>Uncategorized</SelectItem>
            {categories.map((c) => (
              <SelectItem key={c.id} value={String(c.id)}>
                {c.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="filter-sort">Sort</Label>
        <Select value={sort} onValueChange={(value) => change('sort', value)}>
          <SelectTrigger id="filter-sort">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {filtered ? (
        <Button asChild variant="ghost" className="justify-self-start">
          <Link to="/admin/articles">
            <XIcon aria-hidden="true" />
            Clear filters
          </Link>
        </Button>
      ) : null}
    </Form>
  )
}
