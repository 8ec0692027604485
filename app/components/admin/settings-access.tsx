import { useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Checkbox } from '~/components/ui/checkbox'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
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
  accessSettingsSchema,
  METER_LIMIT_MAX,
  METER_PERIOD_NAMES,
  METER_PERIODS,
  PREVIEW_PARAGRAPHS_MAX,
  type EditionsAccess,
  type MeterMode,
  type MeterPeriod,
} from '~/domain/membership/access-settings-schema'
import type { ActionResult } from '~/lib/action-result'
import { CURRENCIES } from '~/lib/money'
import { useFormErrors } from '~/lib/use-form-errors'
import { useActionToast } from './use-action-toast'

export interface AccessSettingsView {
  currency: string
  previewParagraphs: number
  meterMode: MeterMode
  meterPeriod: MeterPeriod
  meterAnonymousLimit: number
  meterRegisteredLimit: number
  meterExemptCategoryIds: number[]
  editionsAccess: EditionsAccess
}

const MODES: { value: MeterMode; label: string; help: string }[] = [
  { value: 'off', label: 'No meter', help: 'Members stories are for members only.' },
  {
    value: 'meter',
    label: 'Metered',
    help: 'A number of members stories free per period, more for readers with a free account.',
  },
  {
    value: 'registration',
    label: 'Registration wall',
    help: 'Members stories are free to anyone with a free account.',
  },
]

const EDITIONS: { value: EditionsAccess; label: string }[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'members', label: 'Members only (the cover and date stay public)' },
]

const radioClass = 'mt-1 size-4 shrink-0 accent-primary'

/** The one form of /admin/settings/access: currency, preview, meter, exemptions, e-paper. */
export function AccessSettingsForm({
  settings,
  categories,
}: {
  settings: AccessSettingsView
  categories: { id: number; name: string }[]
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const { errors, onSubmit } = useFormErrors(
    accessSettingsSchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )
  const [currency, setCurrency] = useState(settings.currency)
  const [mode, setMode] = useState<MeterMode>(settings.meterMode)
  const [period, setPeriod] = useState<MeterPeriod>(settings.meterPeriod)
  const busy = fetcher.state !== 'idle'
  const invalid = (field: string) => (errors[field] ? true : undefined)
  const describedBy = (field: string, help: string) =>
    errors[field] ? `${help} access-${field}-error` : help

  return (
    <fetcher.Form method="post" noValidate onSubmit={onSubmit} className="grid gap-6">
      <input type="hidden" name="intent" value="access" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Prices and preview</h2>
          </CardTitle>
          <CardDescription>
            The currency of every plan’s price, and how much of a gated story readers without access
            see before the wall.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <Field className="content-start">
            <Label htmlFor="access-currency">Currency</Label>
            <input type="hidden" name="currency" value={currency} />
            <Select value={currency} onValueChange={setCurrency}>
              <SelectTrigger
                id="access-currency"
                aria-invalid={invalid('currency')}
                aria-describedby={describedBy('currency', 'access-currency-help')}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent className="max-h-80">
                {CURRENCIES.map(([code, name]) => (
                  <SelectItem key={code} value={code}>
                    {code} · {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldDescription id="access-currency-help">
              Changing it does not convert prices: check the plans after.
            </FieldDescription>
            <FieldError id="access-currency-error" errors={errors.currency} />
          </Field>
          <Field className="content-start">
            <Label htmlFor="access-preview">Paragraphs before the wall</Label>
            <Input
              id="access-preview"
              name="previewParagraphs"
              type="number"
              inputMode="numeric"
              min={0}
              max={PREVIEW_PARAGRAPHS_MAX}
              className="w-32"
              defaultValue={settings.previewParagraphs}
              aria-invalid={invalid('previewParagraphs')}
              aria-describedby={describedBy('previewParagraphs', 'access-preview-help')}
            />
            <FieldDescription id="access-preview-help">
              Unless an article sets its own, or its “preview ends here” marker comes first.
            </FieldDescription>
            <FieldError id="access-previewParagraphs-error" errors={errors.previewParagraphs} />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Meter</h2>
          </CardTitle>
          <CardDescription>
            How members stories open to readers who are not members. Re-reading a story already
            counted is free; anonymous readers are counted in a cookie, so clearing cookies resets
            their count.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Members stories</legend>
            {MODES.map((option) => (
              <label key={option.value} className="flex gap-3 text-sm">
                <input
                  type="radio"
                  name="meterMode"
                  value={option.value}
                  checked={mode === option.value}
                  onChange={() => setMode(option.value)}
                  className={radioClass}
                />
                <span>
                  <span className="font-medium">{option.label}</span>
                  <span className="block text-muted-foreground">{option.help}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {/* Still posted while hidden: the counts are kept for when the meter comes back. */}
          <div hidden={mode !== 'meter'} className="grid gap-5 md:grid-cols-3">
            <Field className="content-start">
              <Label htmlFor="access-anonymous">Free stories, anonymous readers</Label>
              <Input
                id="access-anonymous"
                name="meterAnonymousLimit"
                type="number"
                inputMode="numeric"
                min={0}
                max={METER_LIMIT_MAX}
                defaultValue={settings.meterAnonymousLimit}
                aria-invalid={invalid('meterAnonymousLimit')}
                aria-describedby={describedBy('meterAnonymousLimit', 'access-limits-help')}
              />
              <FieldError
                id="access-meterAnonymousLimit-error"
                errors={errors.meterAnonymousLimit}
              />
            </Field>
            <Field className="content-start">
              <Label htmlFor="access-registered">Free stories, registered readers</Label>
              <Input
                id="access-registered"
                name="meterRegisteredLimit"
                type="number"
                inputMode="numeric"
                min={0}
                max={METER_LIMIT_MAX}
                defaultValue={settings.meterRegisteredLimit}
                aria-invalid={invalid('meterRegisteredLimit')}
                aria-describedby={describedBy('meterRegisteredLimit', 'access-limits-help')}
              />
              <FieldError
                id="access-meterRegisteredLimit-error"
                errors={errors.meterRegisteredLimit}
              />
            </Field>
            <Field className="content-start">
              <Label htmlFor="access-period">Per</Label>
              <input type="hidden" name="meterPeriod" value={period} />
              <Select value={period} onValueChange={(value) => setPeriod(value as MeterPeriod)}>
                <SelectTrigger id="access-period" aria-invalid={invalid('meterPeriod')}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {METER_PERIODS.map((value) => (
                    <SelectItem key={value} value={value}>
                      {METER_PERIOD_NAMES[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id="access-meterPeriod-error" errors={errors.meterPeriod} />
            </Field>
            <FieldDescription id="access-limits-help" className="md:col-span-3">
              Registered readers get at least as many as anonymous ones. Weeks and months begin at
              midnight in the site’s time zone.
            </FieldDescription>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Exempt categories</legend>
            <p className="text-sm text-muted-foreground">
              Their stories are never counted nor walled by the meter.
            </p>
            {categories.length === 0 ? (
              <p className="text-sm text-muted-foreground">No categories yet.</p>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {categories.map((category) => (
                  <label key={category.id} className="flex items-center gap-2 text-sm">
                    <Checkbox
                      name="exemptCategoryId"
                      value={category.id}
                      defaultChecked={settings.meterExemptCategoryIds.includes(category.id)}
                    />
                    {category.name}
                  </label>
                ))}
              </div>
            )}
            <FieldError id="access-exemptCategoryIds-error" errors={errors.exemptCategoryIds} />
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Print editions</h2>
          </CardTitle>
          <CardDescription>
            Who reads the e-paper’s pages, its PDF and its text search. An edition can say
            otherwise.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="grid gap-3">
            <legend className="sr-only">Print editions are for</legend>
            {EDITIONS.map((option) => (
              <label key={option.value} className="flex gap-3 text-sm">
                <input
                  type="radio"
                  name="editionsAccess"
                  value={option.value}
                  defaultChecked={settings.editionsAccess === option.value}
                  className={radioClass}
                />
                <span className="font-medium">{option.label}</span>
              </label>
            ))}
          </fieldset>
        </CardContent>
      </Card>

      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save access settings'}
        </Button>
      </div>
    </fetcher.Form>
  )
}
