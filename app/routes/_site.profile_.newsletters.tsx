import { canUseProfile } from '~/domain/access/access-rules'
import { DomainError } from '~/domain/domain-error'
import { subscribeToNewsletter } from '~/domain/newsletter/newsletter.server'
import type { NewsletterAnswer } from '~/domain/newsletter/newsletter-schema'
import { accountPreferences } from '~/domain/newsletter/preferences.server'
import {
  PREFERENCES_ADDRESS_UNCONFIRMED,
  PREFERENCES_OPT_IN,
} from '~/domain/newsletter/preferences-schema'
import { getBrandName } from '~/infra/auth-mail.server'
import { requireUser } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
import { failureSentence, type ActionResult } from '~/lib/action-result'
import { refusalHeaders } from './+shared/action-results.server'
import { applyPreferencesPost } from './+shared/newsletter-preferences.server'
import type { Route } from './+types/_site.profile_.newsletters'

// The profile's newsletter card posts here: the signed-in reader's subscription, found by the
// account's address. Answers by going back to the card with a toast (works without JavaScript).
const BACK = '/profile#newsletters'

export async function loader() {
  return new Response(null, { status: 303, headers: { Location: BACK } })
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request)
  if (!canUseProfile(user)) throw new Response('Forbidden', { status: 403 })
  const form = await request.formData()
  const account = await accountPreferences(user.id)
  // An address nobody has confirmed owning controls no subscription (it may be someone
  // else's): refused before anything is looked up or changed, whatever the intent.
  if (!account.addressConfirmed) {
    return redirectWithToast(BACK, {
      type: 'error',
      title: 'Confirm your address first',
      description: PREFERENCES_ADDRESS_UNCONFIRMED,
    })
  }
  const { prefs } = account
  if (!prefs) {
    if (form.get('intent') !== 'subscribe-again') {
      return redirectWithToast(BACK, { type: 'error', title: 'Not subscribed' })
    }
    try {
      await subscribeToNewsletter(user.email.toLowerCase(), {
        clientIp: context.clientIp,
        brand: await getBrandName(),
      })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      return redirectWithToast(
        BACK,
        { type: 'error', title: 'Newsletters not changed', description: error.message },
        { headers: refusalHeaders(error) },
      )
    }
    return redirectWithToast(BACK, {
      type: 'success',
      title: 'Almost there',
      description: PREFERENCES_OPT_IN,
    })
  }
  const answer = await applyPreferencesPost(prefs, form, context)
  const result: ActionResult<NewsletterAnswer> = answer.data
  return redirectWithToast(BACK, {
    type: result.ok ? 'success' : 'error',
    title: result.ok ? 'Newsletters' : 'Newsletters not changed',
    description: result.message ?? failureSentence(result),
  })
}
