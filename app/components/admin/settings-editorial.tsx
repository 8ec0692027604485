import { Loader2Icon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select'
import {
  BREAKING_NEWS_HOURS_MAX,
  BREAKING_NEWS_HOURS_MIN,
  editorialSettingsSchema,
  REVISIONS_KEPT_MAX,
  REVISIONS_KEPT_MIN,
} from '~/domain/settings/settings-schema'
import type { ActionResult } from '~/lib/action-result'
import { formatOffset, zoneOffsetMinutes } from '~/lib/time-zone'
import { useFormErrors } from '~/lib/use-form-errors'
import { useHydrated } from '~/lib/use-hydrated'
import { useActionToast } from './use-action-toast'

// In the browser only the count is checked: the server's list of zones is the one that counts
// (it is the list offered here), and a browser's own list can differ by a name or two.
const clientSchema = editorialSettingsSchema.pick({ revisionsKept: true, breakingNewsHours: true })

/** Zones grouped by their region ("Europe/Paris" under Europe), UTC and the like first. */
function groupZones(names: string[]) {
  const groups = new Map<string, string[]>()
  for (const name of names) {
    const region = name.includes('/') ? name.slice(0, name.indexOf('/')) : 'General'
    groups.set(region, [...(groups.get(region) ?? []), name])
  }
  return [...groups]
}

export function EditorialSettingsCard({
  timeZone,
  revisionsKept,
  breakingNewsHours,
  timeZones,
}: {
  timeZone: string
  revisionsKept: number
  /** Hours a breaking item stays on the bar after publication, unless an editor extends it. */
  breakingNewsHours: number
  /** The zones the server accepts, UTC first. */
  timeZones: string[]
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const [zone, setZone] = useState(timeZone)
  const groups = useMemo(() => groupZones(timeZones), [timeZones])
  const { errors, onSubmit } = useFormErrors(
    clientSchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )
  const hydrated = useHydrated()
  const busy = fetcher.state !== 'idle'
  // The offset today: it depends on the date, so it is shown once the page runs in the browser.
  const offset = hydrated ? formatOffset(zoneOffsetMinutes(new Date(), zone)) : null
  const showOffset = offset !== null && !(offset === 'UTC' && zone === 'UTC')

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Editorial</h2>
        </CardTitle>
        <CardDescription>
          How the article form reads publish times, its history, and how long breaking news stays on
          the bar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" noValidate className="grid gap-5" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="editorial" />
          <div className="grid gap-5 md:grid-cols-2">
            <Field>
              <Label htmlFor="site-time-zone">Time zone</Label>
              <input type="hidden" name="timeZone" value={zone} />
              <Select value={zone} onValueChange={setZone}>
                <SelectTrigger
                  id="site-time-zone"
                  aria-invalid={errors.timeZone ? true : undefined}
                  aria-describedby={
                    errors.timeZone ? 'site-time-zone-error' : 'site-time-zone-help'
                  }
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent className="max-h-80">
                  {groups.map(([region, names]) => (
                    <SelectGroup key={region}>
                      <SelectLabel>{region}</SelectLabel>
                      {names.map((name) => (
                        <SelectItem key={name} value={name}>
                          {name}
                        </SelectItem>
                      ))}
                    </SelectGroup>
                  ))}
                </SelectContent>
              </Select>
              <FieldDescription id="site-time-zone-help">
                Publish dates are entered and shown in this zone
                {showOffset ? ` (${offset} today)` : ''}.
              </FieldDescription>
              <FieldError id="site-time-zone-error" errors={errors.timeZone} />
            </Field>
            <Field>
              <Label htmlFor="revisions-kept">Revisions kept per article</Label>
              <Input
                id="revisions-kept"
                name="revisionsKept"
                type="number"
                inputMode="numeric"
                min={REVISIONS_KEPT_MIN}
                max={REVISIONS_KEPT_MAX}
                step={1}
                defaultValue={revisionsKept}
                aria-invalid={errors.revisionsKept ? true : undefined}
                aria-describedby={
                  errors.revisionsKept ? 'revisions-kept-error' : 'revisions-kept-help'
                }
              />
              <FieldDescription id="revisions-kept-help">
                From {REVISIONS_KEPT_MIN} to {REVISIONS_KEPT_MAX}; the oldest go first.
              </FieldDescription>
              <FieldError id="revisions-kept-error" errors={errors.revisionsKept} />
            </Field>
            <Field>
              <Label htmlFor="breaking-news-hours">Hours on the breaking-news bar</Label>
              <Input
                id="breaking-news-hours"
                name="breakingNewsHours"
                type="number"
                inputMode="numeric"
                min={BREAKING_NEWS_HOURS_MIN}
                max={BREAKING_NEWS_HOURS_MAX}
                step={1}
                defaultValue={breakingNewsHours}
                aria-invalid={errors.breakingNewsHours ? true : undefined}
                aria-describedby={
                  errors.breakingNewsHours
                    ? 'breaking-news-hours-error'
                    : 'breaking-news-hours-help'
                }
              />
              <FieldDescription id="breaking-news-hours-help">
                From {BREAKING_NEWS_HOURS_MIN} to {BREAKING_NEWS_HOURS_MAX} hours after publication;
                editors can keep an item longer from its editor.
              </FieldDescription>
              <FieldError id="breaking-news-hours-error" errors={errors.breakingNewsHours} />
            </Field>
          </div>
          <Button type="submit" disabled={busy} className="justify-self-start">
            {busy ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : null}
            Save Editorial Settings
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  )
}
