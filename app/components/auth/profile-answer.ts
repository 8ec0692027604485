import type { ProfileAnswer, ProfileIntent } from '~/domain/users/profile-schema'
import type { ActionResult } from '~/lib/action-result'

/** The profile action's answer when it is for one of these forms (the page holds several). */
export function answerFor(
  answer: ActionResult<ProfileAnswer> | undefined,
  ...intents: ProfileIntent[]
) {
  return answer?.intent && (intents as string[]).includes(answer.intent) ? answer : undefined
}
