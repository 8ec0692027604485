import type { ArticleStatus } from './articles-schema'

// The publishing panel's primary button names what it does (the issue's "Publish", "Submit for
// review", "Schedule"), beside the spec's "Create Article"/"Update Article", which stays the
// form's save of whatever the Status field says. Pure and client-safe: the form decides the
// label, the server's rules (canMoveArticleTo) still decide whether the save is allowed.

export interface PublishAction {
  label: 'Publish' | 'Schedule' | 'Submit for review'
  /** The status the form is saved in when the button is pressed. */
  status: Extract<ArticleStatus, 'published' | 'review'>
}

export function publishAction({
  storedStatus,
  choices,
  publishedAt,
  now = new Date(),
}: {
  /** Where the article stands now (a new one is a draft). */
  storedStatus: ArticleStatus
  /** The statuses the signed-in role may save it in (the Status field's choices). */
  choices: readonly ArticleStatus[]
  /** The publication time chosen in the form (ISO), or '' for "now". */
  publishedAt: string
  now?: Date
}): PublishAction | null {
  if (choices.includes('published')) {
    // Out already, or already waiting for its time: saving is "Update Article".
    if (storedStatus === 'published') return null
    const at = publishedAt ? Date.parse(publishedAt) : NaN
    return Number.isFinite(at) && at > now.getTime()
      ? { label: 'Schedule', status: 'published' }
      : { label: 'Publish', status: 'published' }
  }
  // Those who may not publish hand the article on to an editor, once.
  if (choices.includes('review') && storedStatus !== 'review') {
    return { label: 'Submit for review', status: 'review' }
  }
  return null
}
