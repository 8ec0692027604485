import { canUseProfile } from '~/domain/access/access-rules'
import { subscribeToNewsletter } from '~/domain/newsletter/newsletter.server'
import { preferencesByEmail } from '~/domain/newsletter/preferences.server'
import { PREFERENCES_OPT_IN } from '~/domain/newsletter/preferences-schema'
import { getBrandName } from '~/infra/auth-mail.server'
import { requireUser } from '~/infra/permissions.server'
import { redirectWithToast } from '~/infra/toast.server'
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
  const prefs = await preferencesByEmail(user.email)
  if (!prefs) {
    if (form.get('intent') !== 'subscribe-again') {
      return redirectWithToast(BACK, { type: 'error', title: 'Not subscribed' })
    }
    await subscribeToNewsletter(user.email.toLowerCase(), { brand: await getBrandName() })
    return redirectWithToast(BACK, {
      type: 'success',
      title: 'Almost there',
      description: PREFERENCES_OPT_IN,
    })
  }
  const answer = await applyPreferencesPost(prefs, form, context.requestId)
  const { ok, message } = answer.data
  return redirectWithToast(BACK, {
    type: ok ? 'success' : 'error',
    title: ok ? 'Newsletters' : 'Newsletters not changed',
    description: message,
  })
}
