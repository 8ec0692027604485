import { isAccessLevel, type AccessLevel } from '~/domain/membership/access-level'
import { PREVIEW_PARAGRAPHS_MAX } from '~/domain/articles/article-access'

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
