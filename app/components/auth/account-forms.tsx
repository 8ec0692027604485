import { Form } from 'react-router'
import type { ProfileAnswer } from '~/domain/users/profile-schema'
import type { ActionResult } from '~/lib/action-result'
import { AuthField } from './auth-field'
import { FormMessage } from './form-message'
import { ProfileSection } from './profile-section'
import { answerFor } from './profile-answer'
import { SubmitButton } from './submit-button'

/** The profile's account part: the address, the username, and a password change. */
export function AccountForms({
  email,
  username,
  answer,
}: {
  email: string
  username: string
  answer: ActionResult<ProfileAnswer> | undefined
}) {
  const user = { email, username }
  const usernameAnswer = answerFor(answer, 'username')
  const passwordAnswer = answerFor(answer, 'password')
  return (
    <>
      <ProfileSection id="account" title="Account">
        <dl className="grid gap-1 text-sm">
          <dt className="text-muted-foreground">Email address</dt>
          <dd className="font-medium">{user.email}</dd>
        </dl>
        <FormMessage kind="error" message={usernameAnswer?.formError} />
        <Form method="post" className="grid gap-4 sm:max-w-sm">
          <AuthField
            name="username"
            label="Username"
            defaultValue={user.username}
            autoComplete="username"
            errors={usernameAnswer?.fieldErrors?.username}
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
        <FormMessage kind="error" message={passwordAnswer?.formError} />
        <Form method="post" className="grid gap-4 sm:max-w-sm">
          <AuthField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            errors={passwordAnswer?.fieldErrors?.currentPassword}
            required
          />
          <AuthField
            name="newPassword"
            label="New password"
            type="password"
            placeholder="Your new password"
            autoComplete="new-password"
            errors={passwordAnswer?.fieldErrors?.newPassword}
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
