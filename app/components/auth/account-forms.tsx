import { Form } from 'react-router'
import type { FieldErrors } from '~/lib/field-errors'
import { AuthField } from './auth-field'
import { FormMessage } from './form-message'
import { ProfileSection } from './profile-section'
import { SubmitButton } from './submit-button'

interface Feedback {
  errors?: FieldErrors
  formError?: string | null
}

/** The profile's account part: the address, the username, and a password change. */
export function AccountForms({
  email,
  username,
  usernameFeedback,
  passwordFeedback,
}: {
  email: string
  username: string
  usernameFeedback?: Feedback
  passwordFeedback?: Feedback
}) {
  const user = { email, username }
  return (
    <>
      <ProfileSection id="account" title="Account">
        <dl className="grid gap-1 text-sm">
          <dt className="text-muted-foreground">Email address</dt>
          <dd className="font-medium">{user.email}</dd>
        </dl>
        <Form method="post" className="grid gap-4 sm:max-w-sm">
          <AuthField
            name="username"
            label="Username"
            defaultValue={user.username}
            autoComplete="username"
            errors={usernameFeedback?.errors?.username}
            required
            minLength={3}
            maxLength={40}
          />
          <SubmitButton
            intent="username"
            label="Save username"
            pendingLabel="Saving ..."
            className="justify-self-start"
          />
        </Form>
      </ProfileSection>

      <ProfileSection
        id="password"
        title="Change password"
        description="Changing your password signs out your other sessions."
      >
        <FormMessage kind="error" message={passwordFeedback?.formError} />
        <Form method="post" className="grid gap-4 sm:max-w-sm">
          <AuthField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            errors={passwordFeedback?.errors?.currentPassword}
            required
          />
          <AuthField
            name="newPassword"
            label="New password"
            type="password"
            placeholder="Your new password"
            autoComplete="new-password"
            errors={passwordFeedback?.errors?.newPassword}
            required
            minLength={8}
          />
          <SubmitButton
            intent="password"
            label="Update password"
            pendingLabel="Updating password ..."
            className="justify-self-start"
          />
        </Form>
      </ProfileSection>
    </>
  )
}
