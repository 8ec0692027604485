import { z } from 'zod'

// Client-safe: what the edit page and its lock endpoint (/admin/api/articles/{id}/lock) say
// to each other.

/** Who holds an article's edit lock, and since when (an ISO instant). */
export interface EditLockHolder {
  id: string
  name: string
  since: string
}

/** The endpoint's answer: whether the asker holds the lock, and who does (null: nobody). */
export interface EditLockAnswer {
  mine: boolean
  holder: EditLockHolder | null
}

/**
 * claim: the editor opened, or its tab checks in (take a free lock, renew one's own);
 * take-over: "Take over" (the lock becomes the asker's); release: the tab is closing.
 */
export const EDIT_LOCK_INTENTS = ['claim', 'take-over', 'release'] as const
export const editLockActionSchema = z.object({ intent: z.enum(EDIT_LOCK_INTENTS) })
export type EditLockIntent = (typeof EDIT_LOCK_INTENTS)[number]
