import { Checkbox } from '~/components/ui/checkbox'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Switch } from '~/components/ui/switch'
import { PREVIEW_PARAGRAPHS_MAX } from '~/domain/articles/article-access'
import {
  ACCESS_LEVEL_NAMES,
  ACCESS_LEVELS,
  type AccessLevel,
} from '~/domain/membership/access-level'
import type { FieldErrors } from '~/lib/field-errors'

/** The access fields as the form holds them (the preview length as typed). */
export interface AccessFieldValue {
  access: AccessLevel
  accessPlanIds: number[]
  freeForNow: boolean
  previewParagraphs: string
}

/** A plan to tick: the plans of /admin/plans, archived ones still opening what they opened. */
export interface AccessPlanChoice {
  id: number
  name: string
  status: string
}

const HINTS: Record<AccessLevel, string> = {
  everyone: 'Anyone can read the whole story.',
  registered: 'Readers sign in or create a free account to read past the preview.',
  members: 'Paying members read it in full; others see the preview and the plans.',
}

/**
 * Who may read the article (issue 38): everyone, registered readers or paying members (and
 * which plans), "free for now" for a members story, and the paragraphs before the wall. Posts
 * through hidden fields, like the rest of the panel; whoever may not publish the article sees
 * it and cannot change it (the save refuses it anyway: article-field-rules.ts ACCESS_REFUSED).
 */
export function ArticleAccessField({
  value,
  onChange,
  plans,
  sitePreviewParagraphs,
  disabled,
  errors,
  form,
}: {
  value: AccessFieldValue
  onChange: (next: AccessFieldValue) => void
  plans: AccessPlanChoice[]
  /** The site's preview length, shown as what an empty box means. */
  sitePreviewParagraphs: number
  disabled: boolean
  errors: FieldErrors
  form: string
}) {
  const set = <K extends keyof AccessFieldValue>(key: K, next: AccessFieldValue[K]) =>
    onChange({ ...value, [key]: next })
  const members = value.access === 'members'
  const known = new Set(plans.map((plan) => plan.id))
  // A plan deleted since is neither shown nor posted: the save would refuse it.
  const planIds = value.accessPlanIds.filter((id) => known.has(id))
  const accessError = errors.access
  const plansError = errors.accessPlanIds
  const previewError = errors.previewParagraphs
  return (
    <div className="grid gap-4" data-access-field="">
      <input type="hidden" name="access" value={value.access} form={form} />
      {members
        ? planIds.map((id) => (
            <input key={id} type="hidden" name="accessPlanIds" value={id} form={form} />
          ))
        : null}
      <input
        type="hidden"
        name="freeForNow"
        value={members && value.freeForNow ? 'true' : ''}
        form={form}
      />
      <input type="hidden" name="previewParagraphs" value={value.previewParagraphs} form={form} />

      <fieldset
        className="grid gap-2"
        disabled={disabled}
        aria-describedby={accessError ? 'access-error' : 'access-help'}
      >
        <legend className="mb-2 text-sm leading-none font-medium">Access</legend>
        {ACCESS_LEVELS.map((level) => (
          <div key={level} className="flex items-center gap-2">
            <input
              type="radio"
              id={`access-${level}`}
              name="access-choice"
              value={level}
              checked={value.access === level}
              onChange={() => set('access', level)}
              aria-invalid={accessError ? true : undefined}
              className="size-4 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50"
            />
            <Label htmlFor={`access-${level}`} className="font-normal">
              {ACCESS_LEVEL_NAMES[level]}
            </Label>
          </div>
        ))}
        <FieldDescription id="access-help">
          {disabled
            ? `${HINTS[value.access]} Set by whoever publishes the article.`
            : HINTS[value.access]}
        </FieldDescription>
        <FieldError id="access-error" errors={accessError} />
      </fieldset>

      {members ? (
        <fieldset
          id="access-plans"
          tabIndex={-1}
          className="grid gap-2"
          disabled={disabled}
          aria-describedby={plansError ? 'accessPlanIds-error' : 'accessPlanIds-help'}
        >
          <legend className="mb-2 text-sm leading-none font-medium">Plans that open it</legend>
          {plans.map((plan) => (
            <div key={plan.id} className="flex items-center gap-2">
              <Checkbox
                id={`access-plan-${plan.id}`}
                checked={planIds.includes(plan.id)}
                aria-invalid={plansError ? true : undefined}
                onChange={(event) =>
                  set(
                    'accessPlanIds',
                    event.target.checked
                      ? [...planIds, plan.id]
                      : planIds.filter((id) => id !== plan.id),
                  )
                }
              />
              <Label htmlFor={`access-plan-${plan.id}`} className="font-normal">
                {plan.name}
                {plan.status === 'archived' ? (
                  <span className="text-muted-foreground"> (archived)</span>
                ) : null}
              </Label>
            </div>
          ))}
          <FieldDescription id="accessPlanIds-help">
            {plans.length === 0
              ? 'No plans yet: any paying member will read it.'
              : 'None ticked: any plan opens it.'}
          </FieldDescription>
          <FieldError id="accessPlanIds-error" errors={plansError} />
        </fieldset>
      ) : null}

      {members ? (
        <div className="grid gap-1">
          <div className="flex items-center justify-between gap-3">
            <Label htmlFor="freeForNow">Free for now</Label>
            <Switch
              id="freeForNow"
              checked={value.freeForNow}
              disabled={disabled}
              aria-describedby="freeForNow-help"
              onCheckedChange={(checked) => set('freeForNow', checked)}
            />
          </div>
          <FieldDescription id="freeForNow-help">
            Everyone reads it until you switch this off (breaking news, public interest).
          </FieldDescription>
        </div>
      ) : null}

      {value.access === 'everyone' ? null : (
        <Field>
          <Label htmlFor="previewParagraphs">Paragraphs before the wall</Label>
          <Input
            id="previewParagraphs"
            type="number"
            inputMode="numeric"
            min={0}
            max={PREVIEW_PARAGRAPHS_MAX}
            step={1}
            placeholder={`Site default (${sitePreviewParagraphs})`}
            value={value.previewParagraphs}
            disabled={disabled}
            aria-invalid={previewError ? true : undefined}
            aria-describedby={previewError ? 'previewParagraphs-error' : 'previewParagraphs-help'}
            onChange={(event) => set('previewParagraphs', event.target.value)}
          />
          <FieldDescription id="previewParagraphs-help">
            Shown to readers without access, then the wall. Empty: the site’s default.
          </FieldDescription>
          <FieldError id="previewParagraphs-error" errors={previewError} />
        </Field>
      )}
    </div>
  )
}
