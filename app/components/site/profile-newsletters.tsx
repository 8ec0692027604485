import { Form } from 'react-router'
import { ProfileSection } from '~/components/auth/profile-section'
import { outlineButtonClass, primaryButtonClass } from '~/components/site/styles'
import { NewsletterPreferences } from '~/components/site/newsletter-preferences'
import {
  PREFERENCES_ADDRESS_UNCONFIRMED,
  type AccountPreferencesView,
} from '~/domain/newsletter/preferences-schema'

const ACTION = '/profile/newsletters'

/** The profile's newsletter card: the same choices as the preferences page mails link to. */
export function ProfileNewsletters({ newsletters }: { newsletters: AccountPreferencesView }) {
  const prefs = newsletters.addressConfirmed ? newsletters.prefs : null
  return (
    <ProfileSection
      id="newsletters"
      title="Newsletters"
      description="The newsletters sent to your account's address."
    >
      {!newsletters.addressConfirmed ? (
        // The account's address is not proven yours: nothing about a subscription is shown.
        // The confirmation is the account's own mail, sent by the profile's action.
        <Form method="post" action="/profile" className="grid gap-3">
          <input type="hidden" name="intent" value="resend-confirmation" />
          <p className="text-sm text-muted-foreground">{PREFERENCES_ADDRESS_UNCONFIRMED}</p>
          <button type="submit" className={`${outlineButtonClass} h-10 w-fit px-5`}>
            Send the confirmation link
          </button>
        </Form>
      ) : prefs && (prefs.confirmed || prefs.suppressed) ? (
        <NewsletterPreferences prefs={prefs} action={ACTION} />
      ) : prefs ? (
        <p className="text-sm text-muted-foreground">
          Your subscription waits for you to confirm it with the link we mailed to you.
        </p>
      ) : (
        <Form method="post" action={ACTION} className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            You do not receive our newsletters. Subscribe and we will mail you a link to confirm.
          </p>
          <button
            type="submit"
            name="intent"
            value="subscribe-again"
            className={`${primaryButtonClass} h-10 w-fit px-5`}
          >
            Subscribe
          </button>
        </Form>
      )}
    </ProfileSection>
  )
}
