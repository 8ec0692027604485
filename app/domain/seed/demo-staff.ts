/**
 * The demo newsroom's named staff: bylines with a name, a role title, a short bio, a portrait
 * (drawn by the seed, no network) and links. They have no password: they exist to sign the
 * demo's stories, and an admin can invite or reset them like anyone else.
 */
export interface DemoStaffMember {
  username: string
  displayName: string
  jobTitle: string
  bio: string
  role: 'editor' | 'author'
  /** The portrait's background and the initials' colour. */
  colors: [string, string]
  socialLinks: { label: string; url: string }[]
}

export const DEMO_STAFF: readonly DemoStaffMember[] = [
  {
    username: 'maya.okafor',
    displayName: 'Maya Okafor',
    jobTitle: 'City hall correspondent',
    bio: 'Maya has covered the council, the county board and every budget fight in Calder Bay since 2019. Before that she reported on schools for the Harbor Ledger.',
    role: 'editor',
    colors: ['#1f4e79', '#f5d76e'],
    socialLinks: [
      { label: 'Mastodon', url: 'https://mastodon.example/@mayaokafor' },
      { label: 'Website', url: 'https://example.org/maya-okafor' },
    ],
  },
  {
    username: 'daniel.reyes',
    displayName: 'Daniel Reyes',
    jobTitle: 'Business and housing reporter',
    bio: 'Daniel follows the money: rents, wages, the port and the companies that hire in the region. He grew up above his family’s bakery on Dock Street.',
    role: 'author',
    colors: ['#7a2e2e', '#fbe3c2'],
    socialLinks: [{ label: 'LinkedIn', url: 'https://www.linkedin.com/in/example-daniel-reyes' }],
  },
  {
    username: 'priya.natarajan',
    displayName: 'Priya Natarajan',
    jobTitle: 'Science and environment editor',
    bio: 'Priya writes about the bay’s water, weather and wildlife, and about the labs at Calder Bay University. She trained as a marine biologist.',
    role: 'editor',
    colors: ['#1e5f4a', '#d9f2e6'],
    socialLinks: [{ label: 'Bluesky', url: 'https://bsky.app/profile/priya.example.org' }],
  },
  {
    username: 'sam.whitford',
    displayName: 'Sam Whitford',
    jobTitle: 'Sports and culture writer',
    bio: 'Sam has seen every Mariners home opener for a decade and reviews the city’s theatre, music and food in between.',
    role: 'author',
    colors: ['#4b3b74', '#eadcff'],
    socialLinks: [{ label: 'Website', url: 'https://example.org/sam-whitford' }],
  },
]

/** The portrait drawn for a staff member: their initials on their colours, 400 px square. */
export function staffPortraitSvg(member: DemoStaffMember): string {
  const initials = member.displayName
    .split(' ')
    .map((word) => word[0])
    .join('')
  const [background, foreground] = member.colors
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" fill="${background}"/>
<circle cx="200" cy="160" r="78" fill="${foreground}" opacity="0.9"/>
<path d="M60 400c10-90 70-140 140-140s130 50 140 140z" fill="${foreground}" opacity="0.9"/>
<text x="200" y="182" text-anchor="middle" font-family="Georgia, serif" font-size="64" font-weight="700" fill="${background}">${initials}</text>
</svg>`
}

/**
 * Who signs the demo's n-th story: the staff in turn. Never the first admin: that is the
 * operator's own account, whose name the demo does not know (issue 42: "By admin").
 */
export function demoAuthorIndex(articleIndex: number): number {
  return articleIndex % DEMO_STAFF.length
}

/** Who runs the demo's live coverage and writes its entries: the city hall correspondent. */
export const DEMO_LIVE_REPORTER = 0
