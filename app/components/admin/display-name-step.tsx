import { useFetcher, useLocation } from 'react-router'
import { Button } from '~/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card'
import { Field, FieldError } from '~/components/ui/field'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { DISPLAY_NAME_MAX } from '~/domain/users/profile-schema'
import { displayNameStepSchema } from '~/domain/users/invitations-schema'
import type { ActionResult } from '~/lib/action-result'
import { useFormErrors } from '~/lib/use-form-errors'

/**
 * Shown by the admin layout in place of the page while a staff member has no display name:
 * bylines show it. It cannot be skipped; once saved, the page they were opening follows.
 */
export function DisplayNameStep() {
  const location = useLocation()
  // A fetcher keeps the page's address while the post is answered; its redirect comes back here.
  const fetcher = useFetcher<ActionResult>()
  const { errors, onSubmit } = useFormErrors(
    displayNameStepSchema,
    fetcher.data?.ok === false ? fetcher.data.fieldErrors : undefined,
  )
  const busy = fetcher.state !== 'idle'
  return (
    <div className="flex justify-center py-8 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1>Your name on the site</h1>
          </CardTitle>
          <CardDescription>
            Before you go on: the name your bylines and author page will show, as readers should see
            it. You can change it later on your profile.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <fetcher.Form
            method="post"
            action="/admin/display-name"
            onSubmit={onSubmit}
            noValidate
            className="grid gap-4"
          >
            <input
              type="hidden"
              name="redirectTo"
              value={location.pathname + location.search + location.hash}
            />
            <Field>
              <Label htmlFor="display-name">Display name</Label>
              <Input
                id="display-name"
                name="displayName"
                autoComplete="name"
                placeholder="e.g. Maya Okafor"
                maxLength={DISPLAY_NAME_MAX}
                required
                autoFocus
                aria-invalid={errors.displayName ? true : undefined}
                aria-describedby={errors.displayName ? 'display-name-error' : undefined}
              />
              <FieldError
                id="display-name-error"
                errors={errors.displayName ?? fetcher.data?.formError}
              />
            </Field>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save and continue'}
            </Button>
          </fetcher.Form>
        </CardContent>
      </Card>
    </div>
  )
}
