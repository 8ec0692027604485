import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { decideRead, effectiveAccess, type ArticleGate, type ReadDecision } from './access-level'
import { GIFT_EXPIRED_NOTE, GIFT_PARAMETER, mayGift, openGiftLink } from './gift-links.server'
import type { MeterCount } from './meter'
import { consultMeter } from './meter.server'
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
  /**
   * The answer is this reader's alone (`private, no-store`): a full text behind the gate, any
   * answer the meter decides (it reads the reader's cookie), any address with a gift link.
   */
  personal: boolean
}

/** A reader's way into one story: how they read it, and the wall when they may not. */
export interface ArticleAccess {
  read: ArticleRead
  /** The wall under the preview; null for a reader who reads it in full. */
  wall: WallView | null
  /** A read the meter let through: where the reader stands ("1 of 2 free stories this month"). */
  meter: MeterCount | null
  /** For a member reading through a plan: where "Gift this story" posts. */
  giftHref: string | null
  /** The anonymous reader's meter cookie with this read counted; null when unchanged. */
  setCookie: string | null
}

/** A free story, as every reader gets it. */
export const FREE_READ: ArticleAccess = {
  read: {
    gated: false,
    full: true,
    previewParagraphs: DEFAULT_PREVIEW_PARAGRAPHS,
    personal: false,
  },
  wall: null,
  meter: null,
  giftHref: null,
  setCookie: null,
}

/**
 * The kind of answer `access` draws, as a key: two readers with the same key get the same
 * article (the full text, or the preview with the same wall, meter count and gift button).
 */
export function accessVariant({ read, wall, meter, giftHref }: ArticleAccess): string {
  if (!read.gated) return 'free'
  return read.full
    ? `full:${read.previewParagraphs}:${JSON.stringify(meter)}:${giftHref ?? ''}`
    : `wall:${read.previewParagraphs}:${JSON.stringify(wall)}`
}

/** What a channel knows of the story it is about to show. */
export type StoryGate = ArticleGate & {
  id: number
  slug: string
  categoryId: number | null
  previewParagraphs: number | null
}

/**
 * How an integration reading the Content API gets a story: as the anonymous reader with no
 * meter left (the preview of a gated story), or in full when an admin marked it "full text"
 * (the paper's own app, which checks its readers itself). Under the meter a story of an exempt
 * category is free to everyone, as on the page. Never personal: the API has no reader.
 */
export async function integrationRead(story: StoryGate, fullText: boolean): Promise<ArticleRead> {
  if (effectiveAccess(story) === 'everyone') return FREE_READ.read
  const settings = await getSiteSettings()
  if (
    settings.meterMode === 'meter' &&
    effectiveAccess(story) === 'members' &&
    story.categoryId !== null &&
    settings.meterExemptCategoryIds.includes(story.categoryId)
  ) {
    return FREE_READ.read
  }
  return {
    gated: true,
    full: fullText,
    previewParagraphs: story.previewParagraphs ?? settings.previewParagraphs,
    personal: false,
  }
}

/** Whether the request's address carries a gift link (`?gift=`). */
export function hasGiftParameter(request: Request): boolean {
  return new URL(request.url).searchParams.has(GIFT_PARAMETER)
}

/**
 * The one rule (`decideRead`) asked for `request`'s reader and one story, for every channel that
 * shows a story's text on the site (its page and data, its live entries). A free story costs
 * nothing: the session is read only for a gated one. The registration wall is the site's
 * setting; a refusal comes with its wall (the plans offered, priced in the site's currency).
 *
 * Then, for a reader the rule refuses: a gift link in the address (`?gift=`) for this story
 * opens it (and counts an open); the meter (docs/membership.md, "The meter") lets a members
 * story through while the reader has stories left — counted only when `count` is set (the
 * article page), recognised when already counted elsewhere. Under the meter a story of an
 * exempt category is free to everyone.
 */
export async function articleAccessFor(
  story: StoryGate,
  request: Request,
  { count = false, now = new Date() }: { count?: boolean; now?: Date } = {},
): Promise<ArticleAccess> {
  const gift = new URL(request.url).searchParams.get(GIFT_PARAMETER)
  const free =
    gift === null ? FREE_READ : { ...FREE_READ, read: { ...FREE_READ.read, personal: true } }
  if (effectiveAccess(story) === 'everyone') return free
  const settings = await getSiteSettings()
  const metered = settings.meterMode === 'meter' && effectiveAccess(story) === 'members'
  if (
    metered &&
    story.categoryId !== null &&
    settings.meterExemptCategoryIds.includes(story.categoryId)
  ) {
    return free
  }
  const reader = await readerOf(request, now)
  const allowances = { registrationWall: settings.meterMode === 'registration' }
  let decision: ReadDecision = decideRead(story, reader, allowances)
  let note: string | null = null
  let meter: MeterCount | null = null
  let setCookie: string | null = null
  if (!decision.full && gift !== null) {
    const opening = await openGiftLink(gift, story.id, now, { count })
    if (opening === 'opens') decision = decideRead(story, reader, { ...allowances, gift: true })
    if (opening === 'expired') note = GIFT_EXPIRED_NOTE
  }
  if (!decision.full && metered && decision.wall === 'subscribe') {
    const answer = await consultMeter(story.id, reader, request, settings, { count, now })
    meter = answer.count
    setCookie = answer.setCookie
    if (answer.allowed) decision = decideRead(story, reader, { ...allowances, meter: true })
  }
  const read: ArticleRead = {
    gated: true,
    full: decision.full,
    previewParagraphs: story.previewParagraphs ?? settings.previewParagraphs,
    personal: decision.full || metered || gift !== null,
  }
  if (decision.full) {
    return {
      read,
      wall: null,
      meter: decision.why === 'meter' ? meter : null,
      giftHref: mayGift(story, reader) ? `/article/${story.slug}/gift` : null,
      setCookie,
    }
  }
  const plans = decision.wall === 'subscribe' ? await listVisiblePlans() : []
  return {
    read,
    wall: toWallView(decision, {
      path: `/article/${story.slug}`,
      plans,
      currency: settings.currency,
      signedIn: reader.kind === 'account',
      meter,
      registeredLimit: settings.meterRegisteredLimit,
      note,
    }),
    meter: null,
    giftHref: null,
    setCookie,
  }
}
