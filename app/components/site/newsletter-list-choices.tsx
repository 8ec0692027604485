import type { SignUpListView } from '~/domain/newsletter/newsletter-schema'

/**
 * The lists a sign-up form offers: a checkbox each (ticked as the admin set "Default on
 * sign-up"), with what it sends and how often. Plain checkboxes named `list`, so the form
 * posts the choice without JavaScript.
 */
export function NewsletterListChoices({
  id,
  lists,
  error,
  compact = false,
}: {
  id: string
  lists: readonly SignUpListView[]
  error?: string
  /** The footer's denser grid: two columns from `sm` up. */
  compact?: boolean
}) {
  if (lists.length === 0) return null
  const errorId = `${id}-lists-error`
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className="grid gap-2"
    >
      <legend className="mb-2 text-sm font-medium">Choose your newsletters</legend>
      <div className={`grid gap-2 ${compact ? 'sm:grid-cols-2' : ''}`}>
        {lists.map((list) => (
          <label
            key={list.id}
            className="flex min-w-0 cursor-pointer items-start gap-3 rounded-md border border-border bg-background p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input
              type="checkbox"
              name="list"
              value={list.id}
              defaultChecked={list.isDefault}
              className="mt-1 size-4 shrink-0 accent-primary"
            />
            <span className="grid min-w-0 gap-0.5">
              <span className="font-medium">{list.name}</span>
              <span className="text-sm text-muted-foreground">{list.schedule}</span>
              {list.description ? (
                <span className="text-sm text-muted-foreground">{list.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {/* Kept when empty: the footer's script fills it (footer-sign-up.tsx). */}
      <p
        id={errorId}
        role="alert"
        data-newsletter-lists-error=""
        className="text-sm font-medium text-destructive empty:hidden"
      >
        {error}
      </p>
    </fieldset>
  )
}

/** The sign-up's promise, true to what it offers (the footer and /newsletter). */
export function signUpPromise(lists: readonly SignUpListView[]) {
  return lists.length === 0
    ? 'Leave your address: once you confirm it, choose what reaches your inbox from the link in our mail.'
    : 'Choose what reaches your inbox: each newsletter says what it sends and how often.'
}
