import { Form } from 'react-router'
import { outlineButtonClass } from '~/components/site/styles'
import { FormMessage } from './form-message'
import { ProfileSection } from './profile-section'

/**
 * Whether the account's address is confirmed, on the profile; the confirmation link lands here
 * (`?confirmed=1`) and says so. An unconfirmed address can ask for the link again.
 */
export function AddressStatus({
  email,
  confirmed,
  justConfirmed,
}: {
  email: string
  confirmed: boolean
  justConfirmed: boolean
}) {
  return (
    <ProfileSection id="address" title="Email address">
      {confirmed && justConfirmed ? (
        <FormMessage
          kind="success"
          title="Address confirmed"
          message={`Thank you: ${email} is confirmed.`}
        />
      ) : null}
      <p className="text-sm">
        <span className="font-medium">{email}</span>{' '}
        <span
          data-testid="address-state"
          className={confirmed ? 'text-muted-foreground' : 'font-semibold text-destructive'}
        >
          {confirmed ? '· Confirmed' : '· Not confirmed yet'}
        </span>
      </p>
      {confirmed ? null : (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="resend-confirmation" />
          <p className="text-sm text-muted-foreground">
            Follow the link we sent to this address to confirm it.
          </p>
          <button type="submit" className={outlineButtonClass}>
            Resend the link
          </button>
        </Form>
      )}
    </ProfileSection>
  )
}
