import { data } from 'react-router'
import { DomainError } from '~/domain/domain-error'
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
import { logger } from '~/infra/logger.server'
import { UNEXPECTED_ERROR } from '~/lib/action-result'
import { refusalHeaders } from './action-results.server'

export interface PreferencesAnswer {
  ok: boolean
  message: string
}

/** What the route's load context gives: the request id for logs, the client address for limits. */
export interface PreferencesPostContext {
  requestId?: string
  clientIp: string | null | undefined
}

/**
 * One post of the preferences page or of the profile's newsletter card, for the subscriber
 * already identified (by token or by session): a message to show, 200 or 4xx.
 */
export async function applyPreferencesPost(
  prefs: Preferences,
  form: FormData,
  { requestId, clientIp }: PreferencesPostContext,
) {
  const parsed = preferencesActionSchema.safeParse({ intent: form.get('intent') })
  if (!parsed.success) {
    return data<PreferencesAnswer>({ ok: false, message: 'Unknown action' }, { status: 400 })
  }
  try {
    const intent = parsed.data.intent
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
      await subscribeToNewsletter(prefs.email, { clientIp, brand: await getBrandName() })
      message = PREFERENCES_OPT_IN
    }
    return data<PreferencesAnswer>({ ok: true, message })
  } catch (error) {
    if (error instanceof DomainError) {
      return data<PreferencesAnswer>(
        { ok: false, message: error.message },
        { status: error.status, headers: refusalHeaders(error) },
      )
    }
    logger.error({ err: error, requestId }, 'newsletter preferences failed')
    return data<PreferencesAnswer>({ ok: false, message: UNEXPECTED_ERROR }, { status: 500 })
  }
}
