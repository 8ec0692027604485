import { GlobeIcon } from 'lucide-react'
import { useFetcher, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Label } from '~/components/ui/label'
import type { ActionResult } from '~/lib/action-result'
import { canonicalTimeZone } from '~/lib/time-zone'
import { useHydrated } from '~/lib/use-hydrated'
import { nativeSelectClass } from '~/components/ui/native-select'

/** The zone the browser is in, under the name the server's list gives it; null if unknown. */
function browserZone(zones: string[]): string | null {
  const zone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone)
  return zone && zones.includes(zone) ? zone : null
}

/**
 * Shown by the admin layout above the page, to admins of a site whose time zone no one has
 * chosen yet (issue 36): every date on the site and in the back office is printed in it, and
 * digests without a zone of their own are sent by it. The browser's zone is proposed; the
 * server's (the zone stored at first start) until the page is hydrated, and without JavaScript.
 * Once saved it is not asked again; the Settings screen changes it later.
 */
export function TimeZoneStep({ current, zones }: { current: string; zones: string[] }) {
  const location = useLocation()
  const fetcher = useFetcher<ActionResult>()
  const hydrated = useHydrated()
  const proposed = (hydrated && browserZone(zones)) || current
  const errors = fetcher.data?.ok === false ? fetcher.data.fieldErrors?.timeZone : undefined
  const busy = fetcher.state !== 'idle'
  return (
    <Card className="mb-6 border-primary/40" role="region" aria-labelledby="time-zone-step-title">
      <CardHeader>
        <CardTitle>
          <h2 id="time-zone-step-title" className="flex items-center gap-2">
            <GlobeIcon aria-hidden="true" className="size-5 shrink-0" />
            The paper’s time zone
          </h2>
        </CardTitle>
        <CardDescription>
          Every date and time on the site and in the back office is shown in one zone, whatever zone
          a reader’s computer is in, and daily newsletters go out by its clock.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form
          method="post"
          action="/admin/time-zone"
          className="flex flex-wrap items-end gap-3"
        >
          <input
            type="hidden"
            name="redirectTo"
            value={location.pathname + location.search + location.hash}
          />
          <Field className="min-w-0 flex-1 basis-64">
            <Label htmlFor="first-time-zone">Time zone</Label>
            <select
              // Remounted with the browser's zone once it is known: a proposal, not a sync.
              key={proposed}
              id="first-time-zone"
              name="timeZone"
              defaultValue={proposed}
              className={nativeSelectClass}
              aria-invalid={errors ? true : undefined}
              aria-describedby={errors ? 'first-time-zone-error' : 'first-time-zone-help'}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
            <FieldDescription id="first-time-zone-help">
              {proposed === current
                ? `The server’s zone is ${current}.`
                : `Your browser is in ${proposed}; the server’s zone is ${current}.`}{' '}
              You can change it later in Settings.
            </FieldDescription>
            <FieldError id="first-time-zone-error" errors={errors ?? fetcher.data?.formError} />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Use this time zone'}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
