import crypto from 'node:crypto'
import { profiles } from '@db/schema/index'
import type { Transaction } from '~/infra/db.server'
import { loadSharp, storeImage } from '~/infra/images.server'
import { usernameKey } from '~/lib/username'
import { DEMO_LIVE_REPORTER, DEMO_STAFF, demoAuthorIndex, staffPortraitSvg } from './demo-staff'

/** Each staff member's portrait, stored before the seed's transaction (files first). */
export async function storeStaffPortraits(): Promise<string[]> {
  const sharp = await loadSharp()
  const urls: string[] = []
  for (const member of DEMO_STAFF) {
    const jpeg = await sharp(Buffer.from(staffPortraitSvg(member)))
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer()
    urls.push((await storeImage(jpeg, 'jpg')).url)
  }
  return urls
}

/**
 * The demo newsroom's staff accounts (no password: bylines only), and who signs the n-th
 * demo story (`articleIndex`; `'live'` for the live coverage): a staff member's id. A member
 * whose address or username an account already holds is not made; the next one signs in
 * their place, and with none made at all the story has no author ("Anonymous"), never the
 * operator's account.
 */
export async function insertDemoStaff(
  tx: Transaction,
  portraits: string[],
): Promise<(articleIndex: number | 'live') => string | null> {
  const rows = DEMO_STAFF.map((member, index) => ({
    id: crypto.randomUUID(),
    email: `${member.username}@staff.example.com`,
    name: member.displayName,
    emailVerified: true,
    username: member.username,
    usernameKey: usernameKey(member.username),
    displayName: member.displayName,
    jobTitle: member.jobTitle,
    bio: member.bio,
    image: portraits[index] ?? null,
    socialLinks: member.socialLinks,
    role: member.role,
  }))
  const inserted = await tx
    .insert(profiles)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: profiles.id })
  const kept = new Set(inserted.map((row) => row.id))
  return (articleIndex) => {
    const first = articleIndex === 'live' ? DEMO_LIVE_REPORTER : demoAuthorIndex(articleIndex)
    for (let turn = 0; turn < rows.length; turn++) {
      const { id } = rows[(first + turn) % rows.length]
      if (kept.has(id)) return id
    }
    return null
  }
}
