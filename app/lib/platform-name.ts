// A social platform as people write it, wherever a link's platform is shown: the settings
// screen, the footer's labels, share links. What an admin typed ("linkedin", "x") is kept.

const KNOWN: Record<string, string> = {
  facebook: 'Facebook',
  x: 'X',
  twitter: 'Twitter',
  'x (twitter)': 'X (Twitter)',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  github: 'GitHub',
  gitlab: 'GitLab',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  threads: 'Threads',
  whatsapp: 'WhatsApp',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  telegram: 'Telegram',
  snapchat: 'Snapchat',
  rss: 'RSS',
}

/** "linkedin" → "LinkedIn"; a platform not in the list gets its first letter capitalised. */
export function platformName(platform: string): string {
  const trimmed = platform.trim()
  const known = KNOWN[trimmed.toLowerCase()]
  if (known) return known
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1)
}
