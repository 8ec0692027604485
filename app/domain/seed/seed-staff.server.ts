import crypto from 'node:crypto'
import { profiles } from '@db/schema/index'
import type { Transaction } from '~/infra/db.server'
import { loadSharp, storeImage } from '~/infra/images.server'
import { usernameKey } from '~/lib/username'
import { DEMO_STAFF, demoAuthorIndex, staffPortraitSvg } from './demo-staff'

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
 * demo story: a staff member's id, else `fallback` (the first admin).
 */
export async function insertDemoStaff(
  tx: Transaction,
  portraits: string[],
  fallback: string | null,
): Promise<(articleIndex: number) => string | null> {
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
  // An install whose admin took one of these names keeps it; that member signs nothing.
  const inserted = await tx
    .insert(profiles)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: profiles.id })
  const kept = new Set(inserted.map((row) => row.id))
  return (articleIndex) => {
    const staff = demoAuthorIndex(articleIndex)
    const id = staff === null ? null : rows[staff].id
    return id && kept.has(id) ? id : fallback
  }
}
