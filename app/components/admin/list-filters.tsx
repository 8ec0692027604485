import { Form, Link, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { NativeSelect } from '~/components/ui/native-select'

/** One choice of a select: what the URL carries, and what the screen says. */
export interface ListFilterOption {
  value: string | number
  label: string
}

/** A select of a list's filters, named as in the URL, its "All …" choice first. */
export interface ListFilterSelect {
  id: string
  name: string
  label: string
  /** The chosen value, null for all. */
  value: string | number | null
  allLabel: string
  options: readonly ListFilterOption[]
}

/** The choices of a fixed set of values, by their names. */
export function namedOptions<T extends string>(
  values: readonly T[],
  names: Record<T, string>,
): ListFilterOption[] {
  return values.map((value) => ({ value, label: names[value] }))
}

/**
 * A back-office list's filters (Members, Subscribers) as a GET form: works without JavaScript,
 * and the URL is the view. A search box if the list has one, its selects, Filter, and Clear
 * (back to the whole list) while any filter is set.
 */
export function ListFilters({
  search,
  selects,
  isFiltered,
}: {
  search?: { id: string; name: string; label: string; value: string }
  selects: readonly ListFilterSelect[]
  isFiltered: boolean
}) {
  const { pathname } = useLocation()
  return (
    <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filters">
      {search ? (
        <div className="grid min-w-52 flex-1 gap-1 sm:flex-none">
          <Label htmlFor={search.id}>{search.label}</Label>
          <Input id={search.id} name={search.name} type="search" defaultValue={search.value} />
        </div>
      ) : null}
      {selects.map((select) => (
        <div key={select.name} className="grid gap-1">
          <Label htmlFor={select.id}>{select.label}</Label>
          {/* As wide as its longest choice: NativeSelect alone fills a form's column. */}
          <NativeSelect
            id={select.id}
            name={select.name}
            defaultValue={select.value ?? ''}
            className="w-auto"
          >
            <option value="">{select.allLabel}</option>
            {select.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {isFiltered ? (
        <Button asChild variant="ghost">
          <Link to={pathname}>Clear</Link>
        </Button>
      ) : null}
    </Form>
  )
}
