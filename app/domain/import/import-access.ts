import { isAccessLevel, type AccessLevel } from '~/domain/membership/access-level'
import { PREVIEW_PARAGRAPHS_MAX } from '~/domain/articles/article-access'
import { formatCount } from '~/lib/format-count'
import { slugify } from '~/lib/slugify'

// Who may read an imported story (issue 38), from what the old site left: Ghost's `visibility`,
// and on WordPress a membership plugin's marker where one leaves it (ours, Restrict Content
// Pro's), else everyone. Pure, client-safe.

/** An item's access as the source says it; `plans` are the source's names or slugs. */
export interface SourceAccess {
  level: AccessLevel
  plans: string[]
  freeForNow?: boolean
  previewParagraphs?: number | null
}

export const EVERYONE: SourceAccess = { level: 'everyone', plans: [] }

/**
 * Ghost's post visibility: public → everyone, members → registered readers (a free account),
 * paid → paying members of any plan, tiers (and Ghost 4's filter) → paying members of the
 * post's tiers, given by name and slug.
 */
export function ghostAccess(
  visibility: string,
  tiers: readonly { name: string; slug: string }[] = [],
): SourceAccess {
  switch (visibility) {
    case 'members':
      return { level: 'registered', plans: [] }
    case 'paid':
      return { level: 'members', plans: [] }
    case 'tiers':
    case 'filter':
      return { level: 'members', plans: tiers.flatMap((t) => [t.slug, t.name]).filter(Boolean) }
    default:
      return EVERYONE
  }
}

const truthy = (value: string | undefined) =>
  value !== undefined && !['', '0', 'off', 'false', 'no'].includes(value.trim().toLowerCase())

/**
 * A WordPress post's access from its postmeta: Broadsheet's own export
 * (`_broadsheet_access`, its plans by slug, free for now, preview length); Restrict Content
 * (Pro)'s `_is_paid` or `rcp_subscription_level` (paid: members of any plan) and
 * `rcp_user_level` other than "All" (an account); else everyone. Paid Memberships Pro and
 * MemberPress keep their rules in their own tables, which a WXR file does not carry.
 */
export function wxrAccess(meta: Readonly<Record<string, string>>): SourceAccess {
  const ours = meta._broadsheet_access?.trim()
  if (ours && isAccessLevel(ours)) {
    const preview = Number(meta._broadsheet_preview_paragraphs)
    return {
      level: ours,
      plans: (meta._broadsheet_access_plans ?? '')
        .split(',')
        .map((slug) => slug.trim())
        .filter(Boolean),
      freeForNow: truthy(meta._broadsheet_free_for_now),
      previewParagraphs:
        Number.isInteger(preview) && preview >= 0 && preview <= PREVIEW_PARAGRAPHS_MAX
          ? preview
          : null,
    }
  }
  const level = meta.rcp_subscription_level?.trim()
  if (truthy(meta._is_paid) || (level && level !== 'a:0:{}')) return { level: 'members', plans: [] }
  const userLevel = meta.rcp_user_level?.trim()
  if (userLevel && userLevel.toLowerCase() !== 'all') return { level: 'registered', plans: [] }
  return EVERYONE
}

/**
 * The site's plans a source names (by slug or name, letter case aside); a story whose plans
 * match none of ours is open to members of any plan.
 */
export function matchPlans(
  names: readonly string[],
  plans: readonly { id: number; slug: string; name: string }[],
): number[] {
  const wanted = new Set(names.map((name) => name.trim().toLowerCase()))
  return plans
    .filter((p) => wanted.has(p.slug.toLowerCase()) || wanted.has(p.name.toLowerCase()))
    .map((p) => p.id)
    .sort((a, b) => a - b)
}

/** This site's plans as the matching reads them. */
export type PlanRef = { id: number; slug: string; name: string }

/**
 * Stories behind a wall (issue 38): how many are for registered readers and for paying members,
 * as the source marks them (import-access.ts). Everything else is for everyone.
 */
export interface AccessCounts {
  registered: number
  members: number
  /** Of the members stories, those marked free for now (a Broadsheet export): open until switched back. */
  freeForNow: number
  /**
   * Members stories that name plans (Ghost's tiers, a Broadsheet export's plans), grouped:
   * `named` as the source names them, `here` this site's plans of those names (by slug or name)
   * when counted. `here` empty: no plan here has such a name, and any plan opens them.
   */
  plans: { named: string[]; here: string[]; stories: number }[]
}

/** Groups of plans an analysis or report lists at most; their stories are counted all the same. */
const PLAN_GROUPS_MAX = 50

export function noAccessCounts(): AccessCounts {
  return { registered: 0, members: 0, freeForNow: 0, plans: [] }
}

/**
 * A source's plan names for a person to read: Ghost names each tier twice (its slug and its
 * name), so one name per slug, the written name rather than the slug.
 */
function readableNames(names: readonly string[]): string[] {
  const byKey = new Map<string, string>()
  for (const raw of names) {
    const name = raw.trim()
    if (!name) continue
    const key = slugify(name) || name.toLowerCase()
    const had = byKey.get(key)
    if (had === undefined || had === key) byKey.set(key, name)
  }
  return [...byKey.values()]
}

/**
 * Adds one imported story to `counts` (the dry run's and the report's): its level, and for a
 * members story naming plans, the plans here it will be matched to as the import matches them.
 */
export function countAccess(
  counts: AccessCounts,
  access: SourceAccess | undefined,
  plans: readonly PlanRef[],
): void {
  const { level, plans: names, freeForNow } = access ?? EVERYONE
  if (level === 'everyone') return
  if (level === 'registered') {
    counts.registered++
    return
  }
  counts.members++
  if (freeForNow) counts.freeForNow++
  if (names.length === 0) return
  const ids = matchPlans(names, plans)
  const here = plans.filter((p) => ids.includes(p.id)).map((p) => p.name)
  const named = readableNames(names)
  const same = (a: string[], b: string[]) => a.join('\n') === b.join('\n')
  const group = counts.plans.find((g) => same(g.named, named) && same(g.here, here))
  if (group) group.stories++
  else if (counts.plans.length < PLAN_GROUPS_MAX) counts.plans.push({ named, here, stories: 1 })
}

/**
 * "3 stories for paying members (1 free for now), 2 for registered readers": the counts as
 * the Import screen and the CLI say them; empty when nothing is behind a wall.
 */
export function describeAccess(counts: AccessCounts): string {
  const free = counts.freeForNow > 0 ? ` (${counts.freeForNow} free for now)` : ''
  const parts = [
    { n: counts.members, who: `for paying members${free}` },
    { n: counts.registered, who: 'for registered readers' },
  ].filter((part) => part.n > 0)
  // The noun once, with the first figure: "3 stories for …, 1 for …".
  return parts
    .map(({ n, who }, i) => `${i === 0 ? formatCount(n, 'story', 'stories') : n} ${who}`)
    .join(', ')
}

/**
 * Each group of members stories naming plans, as a line: which plans here open them, or that
 * none here has the name (any plan does; the import matches again when it runs, so a plan of
 * that name made in between is used). Ends with the members stories naming none.
 */
export function describePlanGroups(counts: AccessCounts): string[] {
  const lines = [...counts.plans]
    .sort((a, b) => b.stories - a.stories)
    .map((g) => {
      const stories = formatCount(g.stories, 'story', 'stories')
      const named = g.named.join(', ')
      if (g.here.length === 0) {
        const names = g.named.length === 1 ? 'that name' : 'those names'
        return `${named}: ${stories}, for any plan (no plan here has ${names})`
      }
      const here = g.here.join(', ')
      return slugify(here) === slugify(named)
        ? `${here}: ${stories}`
        : `${here} (named ${named} there): ${stories}`
    })
  const naming = counts.plans.reduce((n, g) => n + g.stories, 0)
  const anyPlan = counts.members - naming
  // Past the groups' limit some naming stories are in no group: "any plan" would overcount.
  if (lines.length > 0 && anyPlan > 0 && counts.plans.length < PLAN_GROUPS_MAX) {
    lines.push(`Any plan: ${formatCount(anyPlan, 'story', 'stories')}`)
  }
  return lines
}
