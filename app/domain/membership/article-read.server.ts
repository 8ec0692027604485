import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { decideRead, effectiveAccess, type ArticleGate, type ReadDecision } from './access-level'
import { listVisiblePlans } from './plans-queries.server'
import { DEFAULT_PREVIEW_PARAGRAPHS } from './preview'
import { readerOf } from './reader.server'
import { toWallView, type WallView } from './wall-view'

/** How a reader gets a story: its gate, whether they read it in full, the preview's length. */
export interface ArticleRead {
  /** The story asks for an account or a plan (its level once "free for now" is counted). */
  gated: boolean
  /** This reader reads it in full. */
  full: boolean
  /** Paragraphs of its preview: the article's, else the site's. */
  previewParagraphs: number
}

/** A reader's way into one story: how they read it, and the wall when they may not. */
export interface ArticleAccess {
  read: ArticleRead
  /** The wall under the preview; null for a reader who reads it in full. */
  wall: WallView | null
}

/** A free story, as every reader gets it. */
export const FREE_READ: ArticleAccess = {
  read: { gated: false, full: true, previewParagraphs: DEFAULT_PREVIEW_PARAGRAPHS },
  wall: null,
}

/** What a channel knows of the story it is about to show. */
export type StoryGate = ArticleGate & { slug: string; previewParagraphs: number | null }

/**
 * The one rule (`decideRead`) asked for `request`'s reader and one story, for every channel that
 * shows a story's text on the site (its page and data, its live entries). A free story costs
 * nothing: the session is read only for a gated one. The registration wall is the site's
 * setting; a refusal comes with its wall (the plans offered, priced in the site's currency).
 */
export async function articleAccessFor(story: StoryGate, request: Request): Promise<ArticleAccess> {
  if (effectiveAccess(story) === 'everyone') return FREE_READ
  const [reader, settings] = await Promise.all([readerOf(request), getSiteSettings()])
  const decision: ReadDecision = decideRead(story, reader, {
    registrationWall: settings.meterMode === 'registration',
  })
  const read: ArticleRead = {
    gated: true,
    full: decision.full,
    previewParagraphs: story.previewParagraphs ?? settings.previewParagraphs,
  }
  if (decision.full) return { read, wall: null }
  const plans = decision.wall === 'subscribe' ? await listVisiblePlans() : []
  return {
    read,
    wall: toWallView(decision, {
      path: `/article/${story.slug}`,
      plans,
      currency: settings.currency,
      signedIn: reader.kind === 'account',
    }),
  }
}
