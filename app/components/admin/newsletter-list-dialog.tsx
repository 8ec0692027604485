import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { Field, FieldDescription, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import {
  ANNOUNCE_DAYS,
  LIST_KIND_NAMES,
  LIST_KINDS,
  WEEKDAYS,
  type EditableList,
  type ListKind,
} from '~/domain/newsletter/lists-schema'
import type { ActionResult } from '~/lib/action-result'
import { useActionToast } from './use-action-toast'
import { nativeSelectClass } from '~/components/ui/native-select'

/** "New newsletter" / "Edit newsletter": closes after a successful save. */
export function NewsletterListDialog({
  list,
  open,
  onOpenChange,
  categories,
  tags,
  timeZones,
  defaultTimeZone,
}: {
  list: EditableList | null
  open: boolean
  onOpenChange: (open: boolean) => void
  categories: { id: number; name: string }[]
  tags: { id: number; name: string }[]
  timeZones: string[]
  defaultTimeZone: string
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionToast(fetcher.data)
  const [kind, setKind] = useState<ListKind>(list?.kind ?? 'edition')
  const [cadence, setCadence] = useState(list?.cadence ?? 'daily')
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {}
  const busy = fetcher.state !== 'idle'
  const editing = list !== null

  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) onOpenChange(false)
  }, [fetcher.state, fetcher.data, onOpenChange])

  const field = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `list-${name}-error` : undefined,
  })

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit newsletter' : 'New newsletter'}</DialogTitle>
          <DialogDescription>
            Alerts carry one story as it goes live; digests gather what was published on a schedule;
            editions are composed by hand.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" noValidate className="grid gap-4">
          <input type="hidden" name="intent" value={editing ? 'update-list' : 'create-list'} />
          {editing ? <input type="hidden" name="id" value={list.id} /> : null}
          <Field>
            <Label htmlFor="list-name">Name</Label>
            <Input id="list-name" name="name" defaultValue={list?.name} {...field('name')} />
            <FieldError id="list-name-error" errors={errors.name} />
          </Field>
          <Field>
            <Label htmlFor="list-description">Description</Label>
            <Textarea
              id="list-description"
              name="description"
              rows={2}
              defaultValue={list?.description}
              {...field('description')}
            />
            <FieldError id="list-description-error" errors={errors.description} />
          </Field>
          <Field>
            <Label htmlFor="list-kind">Kind</Label>
            <select
              id="list-kind"
              name="kind"
              className={nativeSelectClass}
              value={kind}
              onChange={(e) => setKind(e.target.value as ListKind)}
              {...field('kind')}
            >
              {LIST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LIST_KIND_NAMES[k]}
                </option>
              ))}
            </select>
            <FieldError id="list-kind-error" errors={errors.kind} />
          </Field>
          {kind === 'digest' ? (
            <fieldset className="grid gap-4 rounded-md border border-border p-3">
              <legend className="px-1 text-sm font-medium">Schedule</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field>
                  <Label htmlFor="list-cadence">Every</Label>
                  <select
                    id="list-cadence"
                    name="cadence"
                    className={nativeSelectClass}
                    value={cadence}
                    onChange={(e) => setCadence(e.target.value as 'daily' | 'weekly')}
                  >
                    <option value="daily">Day</option>
                    <option value="weekly">Week</option>
                  </select>
                  <FieldError id="list-cadence-error" errors={errors.cadence} />
                </Field>
                {cadence === 'weekly' ? (
                  <Field>
                    <Label htmlFor="list-weekday">On</Label>
                    <select
                      id="list-weekday"
                      name="weekday"
                      className={nativeSelectClass}
                      defaultValue={list?.weekday ?? 1}
                      {...field('weekday')}
                    >
                      {WEEKDAYS.map((day, i) => (
                        <option key={day} value={i}>
                          {day}
                        </option>
                      ))}
                    </select>
                    <FieldError id="list-weekday-error" errors={errors.weekday} />
                  </Field>
                ) : null}
                <Field>
                  <Label htmlFor="list-send-time">At (local time)</Label>
                  <Input
                    id="list-send-time"
                    name="sendTime"
                    type="time"
                    defaultValue={list?.sendTime ?? '07:00'}
                    {...field('sendTime')}
                  />
                  <FieldError id="list-sendTime-error" errors={errors.sendTime} />
                </Field>
                <Field>
                  <Label htmlFor="list-min">Minimum stories</Label>
                  <Input
                    id="list-min"
                    name="minStories"
                    type="number"
                    min={1}
                    max={100}
                    defaultValue={list?.minStories ?? 1}
                    {...field('minStories')}
                  />
                  <FieldError id="list-minStories-error" errors={errors.minStories} />
                </Field>
                <Field>
                  <Label htmlFor="list-category">Section</Label>
                  <select
                    id="list-category"
                    name="categoryId"
                    className={nativeSelectClass}
                    defaultValue={list?.categoryId ?? ''}
                  >
                    <option value="">Every section</option>
                    {categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field>
                  <Label htmlFor="list-tag">Tag</Label>
                  <select
                    id="list-tag"
                    name="tagId"
                    className={nativeSelectClass}
                    defaultValue={list?.tagId ?? ''}
                  >
                    <option value="">Any tag</option>
                    {tags.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              <FieldDescription>
                A window with fewer stories than the minimum is skipped.
              </FieldDescription>
            </fieldset>
          ) : null}
          <Field>
            <Label htmlFor="list-time-zone">Time zone</Label>
            <select
              id="list-time-zone"
              name="timeZone"
              className={nativeSelectClass}
              defaultValue={list?.timeZone ?? ''}
              {...field('timeZone')}
            >
              <option value="">The site’s time zone ({defaultTimeZone})</option>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
            <FieldError id="list-timeZone-error" errors={errors.timeZone} />
          </Field>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="isDefault"
              defaultChecked={list?.isDefault ?? false}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              <span className="font-medium">Default on sign-up</span>
              <span className="block text-muted-foreground">
                The footer form subscribes new readers to this newsletter.
              </span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="announceInMail"
              defaultChecked={list?.announceInMail ?? false}
              className="mt-0.5 size-4 accent-primary"
            />
            <span>
              <span className="font-medium">
                Announce it in the next mail of the other newsletters
              </span>
              <span className="block text-muted-foreground">
                Readers who chose their newsletters before this one existed see it once, in their
                next mail within {ANNOUNCE_DAYS} days of its creation.
              </span>
            </span>
          </label>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : editing ? 'Save newsletter' : 'Create newsletter'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
