import { data, type AppLoadContext } from 'react-router'
import type { NewsletterAnswer } from '~/domain/newsletter/newsletter-schema'
import { subscribeToNewsletter } from '~/domain/newsletter/newsletter.server'
import {
  chosenListIds,
  preferencesActionSchema,
  PREFERENCES_LEFT,
  PREFERENCES_OPT_IN,
  PREFERENCES_PAUSED,
  PREFERENCES_RESUMED,
  PREFERENCES_SAVED,
} from '~/domain/newsletter/preferences-schema'
import {
  chooseLists,
  leaveEverything,
  setPaused,
  type Preferences,
} from '~/domain/newsletter/preferences.server'
import { getBrandName } from '~/infra/auth-mail.server'
import { ACTION_CODES, type ActionResult } from '~/lib/action-result'
import { actionFailure, failureFrom } from './action-results.server'

/**
 * One post of the preferences page or of the profile's newsletter card, for the subscriber
 * already identified (by token or by session). It answers as every form post does, an
 * ActionResult: on success the sentence to show in `message`; on failure, through
 * `failureFrom`, the refusal's status and sentence in `formError` (these pages show no toasts)
 * or 500 and the generic sentence, logged with the request's id.
 */
export async function applyPreferencesPost(
  prefs: Preferences,
  form: FormData,
  context: Pick<AppLoadContext, 'requestId' | 'clientIp'>,
) {
  const parsed = preferencesActionSchema.safeParse({ intent: form.get('intent') })
  if (!parsed.success) {
    // A hand-made post: the page's own forms only send the intents it knows.
    return actionFailure<NewsletterAnswer>(400, {
      code: ACTION_CODES.unknownIntent,
      formError: 'Unknown action',
    })
  }
  const intent = parsed.data.intent
  try {
    let message: string
    if (intent === 'save-lists') {
      await chooseLists(prefs.subscriberId, chosenListIds(form))
      message = PREFERENCES_SAVED
    } else if (intent === 'pause' || intent === 'resume') {
      await setPaused(prefs.subscriberId, intent === 'pause')
      message = intent === 'pause' ? PREFERENCES_PAUSED : PREFERENCES_RESUMED
    } else if (intent === 'leave') {
      await leaveEverything(prefs.subscriberId)
      message = PREFERENCES_LEFT
    } else {
      await subscribeToNewsletter(prefs.email, {
        clientIp: context.clientIp,
        brand: await getBrandName(),
      })
      message = PREFERENCES_OPT_IN
    }
    return data<ActionResult<NewsletterAnswer>>({ ok: true, message })
  } catch (error) {
    return failureFrom(error, { context, details: { intent } })
  }
}
