import { Form } from 'react-router'
import { ProfileSection } from '~/components/auth/profile-section'
import { primaryButtonClass } from '~/components/site/styles'
import {
  NewsletterPreferences,
  type NewsletterPreferencesView,
} from '~/components/site/newsletter-preferences'

const ACTION = '/profile/newsletters'

/** The profile's newsletter card: the same choices as the preferences page mails link to. */
export function ProfileNewsletters({ prefs }: { prefs: NewsletterPreferencesView | null }) {
  return (
    <ProfileSection
      id="newsletters"
      title="Newsletters"
      description="The newsletters sent to your account's address."
    >
      {prefs && (prefs.confirmed || prefs.suppressed) ? (
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
