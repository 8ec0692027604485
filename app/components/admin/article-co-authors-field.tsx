import { ArrowDownIcon, ArrowUpIcon, XIcon } from 'lucide-react'
import { useId } from 'react'
import { flushSync } from 'react-dom'
import { Button } from '~/components/ui/button'
import { FieldError } from '~/components/ui/field'
import { NativeSelect } from '~/components/ui/native-select'
import { CO_AUTHORS_MAX } from '~/domain/articles/articles-schema'

interface StaffChoice {
  id: string
  name: string
}

/**
 * The bylines after the first, in order (issue 40): editors add staff members, remove them and
 * move them up or down with buttons (keyboard first: focus follows the moved name). Everyone
 * else reads who shares the byline and posts nothing, so their save leaves it as it is.
 */
export function ArticleCoAuthorsField({
  value,
  firstId,
  choices,
  names,
  onChange,
  errors,
  form,
}: {
  value: string[]
  /** The first byline (the Author field): never offered again below it. */
  firstId: string
  /** Staff members to choose from, or null when the role may not change the bylines. */
  choices: StaffChoice[] | null
  /** The stored co-authors' names, for whoever may not change them. */
  names: StaffChoice[]
  onChange: (ids: string[]) => void
  errors?: string[]
  form: string
}) {
  const labelId = useId()
  if (!choices) {
    if (names.length === 0) return null
    return (
      <div className="grid gap-1 text-sm">
        <span className="font-medium">Co-authors</span>
        <span>{names.map((member) => member.name).join(', ')}</span>
      </div>
    )
  }
  const nameOf = (id: string) =>
    choices.find((member) => member.id === id)?.name ??
    names.find((member) => member.id === id)?.name ??
    'Former staff member'
  const addable = choices.filter((member) => member.id !== firstId && !value.includes(member.id))
  const full = value.length >= CO_AUTHORS_MAX

  // Moves or removes, then puts focus where the hand is: on the moved name's same button, or
  // on the next name (else the add box) after a removal.
  const change = (next: string[], focusId: string) => {
    flushSync(() => onChange(next))
    document.getElementById(focusId)?.focus()
  }
  const move = (index: number, by: -1 | 1, direction: 'up' | 'down') => {
    const next = [...value]
    const [id] = next.splice(index, 1)
    next.splice(index + by, 0, id)
    const target = index + by
    // At the top or bottom the button is disabled: focus its twin instead.
    const atEdge = direction === 'up' ? target === 0 : target === next.length - 1
    change(next, `${labelId}-${atEdge ? (direction === 'up' ? 'down' : 'up') : direction}-${id}`)
  }
  const remove = (index: number) => {
    const next = value.filter((_, at) => at !== index)
    const neighbour = next[index] ?? next[index - 1]
    change(next, neighbour ? `${labelId}-remove-${neighbour}` : `${labelId}-add`)
  }

  return (
    <div className="grid gap-2" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="text-sm font-medium">
        Co-authors
      </span>
      {/* An empty first value: the save reads "no co-authors" rather than "no picker". */}
      <input type="hidden" name="coAuthorIds" value="" form={form} />
      {value.map((id) => (
        <input key={id} type="hidden" name="coAuthorIds" value={id} form={form} />
      ))}
      {value.length > 0 ? (
        <ol className="grid gap-1" aria-label="Co-authors in byline order">
          {value.map((id, index) => {
            const name = nameOf(id)
            return (
              <li
                key={id}
                className="flex items-center gap-1 rounded-md border border-border bg-muted/40 py-1 pr-1 pl-3 text-sm"
              >
                <span className="min-w-0 flex-1 truncate">{name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  id={`${labelId}-up-${id}`}
                  aria-label={`Move ${name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1, 'up')}
                >
                  <ArrowUpIcon aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  id={`${labelId}-down-${id}`}
                  aria-label={`Move ${name} down`}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, 1, 'down')}
                >
                  <ArrowDownIcon aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  id={`${labelId}-remove-${id}`}
                  aria-label={`Remove ${name}`}
                  onClick={() => remove(index)}
                >
                  <XIcon aria-hidden />
                </Button>
              </li>
            )
          })}
        </ol>
      ) : null}
      <NativeSelect
        id={`${labelId}-add`}
        className="h-10"
        aria-label="Add a byline"
        value=""
        disabled={full || addable.length === 0}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? 'coAuthorIds-error' : undefined}
        onChange={(event) => {
          const id = event.currentTarget.value
          if (id) onChange([...value, id])
        }}
      >
        <option value="">{full ? 'No more bylines' : 'Add a byline…'}</option>
        {addable.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </NativeSelect>
      <FieldError id="coAuthorIds-error" errors={errors} />
    </div>
  )
}
