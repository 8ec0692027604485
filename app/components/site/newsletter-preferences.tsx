import { Form } from 'react-router'
import { outlineButtonClass, primaryButtonClass } from '~/components/site/styles'
import type { PreferencesView } from '~/domain/newsletter/preferences-schema'

/**
 * A subscriber's choices: lists, pause or resume, leave everything. Plain forms, so the page
 * works without JavaScript (mail clients open it in any browser). `hidden` carries what
 * identifies the subscriber (the preferences token; nothing on /profile, where the session does).
 */
export function NewsletterPreferences({
  prefs,
  hidden = {},
  action,
  message,
}: {
  prefs: PreferencesView
  hidden?: Record<string, string>
  /** Where the forms post (the profile's card posts to its own route). */
  action?: string
  message?: { ok: boolean; text: string } | null
}) {
  const fields = Object.entries(hidden).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ))
  return (
    <div className="grid gap-6">
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`rounded-md border px-4 py-3 ${message.ok ? 'border-border bg-muted' : 'border-destructive text-destructive'}`}
        >
          {message.text}
        </p>
      ) : null}
      <p className="text-muted-foreground">
        Newsletters for <strong className="text-foreground">{prefs.email}</strong>
        {prefs.paused && !prefs.suppressed ? ' (paused)' : ''}
      </p>
      {!prefs.confirmed && !prefs.suppressed ? (
        <p className="text-sm">
          Confirm your address with the link we mailed you: these newsletters start after that.
        </p>
      ) : null}
      {prefs.suppressed ? (
        <Form method="post" action={action} className="grid gap-3">
          {fields}
          <p>You left every newsletter, so we send you nothing.</p>
          <p className="text-sm text-muted-foreground">
            To come back, confirm your address again: we will mail you a link.
          </p>
          <button
            type="submit"
            name="intent"
            value="subscribe-again"
            className={`${primaryButtonClass} h-10 w-fit px-5`}
          >
            Subscribe again
          </button>
        </Form>
      ) : (
        <>
          <Form method="post" action={action} className="grid gap-4">
            {fields}
            <fieldset className="grid gap-3">
              <legend className="mb-2 font-serif text-xl font-bold">Your newsletters</legend>
              {prefs.lists.length === 0 ? (
                <p className="text-muted-foreground">There are no newsletters yet.</p>
              ) : null}
              {prefs.lists.map((list) => (
                <label
                  key={list.id}
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                >
                  <input
                    type="checkbox"
                    name="list"
                    value={list.id}
                    defaultChecked={list.subscribed}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span className="grid gap-0.5">
                    <span className="flex flex-wrap items-center gap-2 font-medium">
                      {list.name}
                      {list.isNew ? (
                        <span className="rounded-sm bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground">
                          New
                        </span>
                      ) : null}
                    </span>
                    {list.description ? (
                      <span className="text-sm text-muted-foreground">{list.description}</span>
                    ) : null}
                    <a
                      href={`/newsletters/${list.slug}`}
                      className="w-fit text-sm underline-offset-4 hover:underline"
                    >
                      Past issues
                    </a>
                  </span>
                </label>
              ))}
            </fieldset>
            <button
              type="submit"
              name="intent"
              value="save-lists"
              className={`${primaryButtonClass} h-10 w-fit px-5`}
            >
              Save choices
            </button>
          </Form>
          <Form method="post" action={action} className="grid gap-2 border-t border-border pt-6">
            {fields}
            <h2 className="font-serif text-xl font-bold">
              {prefs.paused ? 'Paused' : 'Take a break'}
            </h2>
            <p className="text-sm text-muted-foreground">
              {prefs.paused
                ? 'You receive nothing until you resume; your choices are kept.'
                : 'Pause to receive nothing for a while and keep your choices.'}
            </p>
            <button
              type="submit"
              name="intent"
              value={prefs.paused ? 'resume' : 'pause'}
              className={`${outlineButtonClass} h-10 w-fit px-5`}
            >
              {prefs.paused ? 'Resume newsletters' : 'Pause newsletters'}
            </button>
          </Form>
          <Form method="post" action={action} className="grid gap-2 border-t border-border pt-6">
            {fields}
            <h2 className="font-serif text-xl font-bold">Leave everything</h2>
            <p className="text-sm text-muted-foreground">
              Unsubscribe from every newsletter. We will not write to you again unless you subscribe
              and confirm once more.
            </p>
            <button
              type="submit"
              name="intent"
              value="leave"
              className={`${outlineButtonClass} h-10 w-fit border-destructive px-5 text-destructive`}
            >
              Unsubscribe from all
            </button>
          </Form>
        </>
      )}
    </div>
  )
}
