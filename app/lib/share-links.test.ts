import { describe, expect, it } from 'vitest'
import { emailShareHref, sharePlatformOf, shareLinksFor } from './share-links'

const page = {
  url: 'https://news.example/article/levy-goes-to-ballot',
  title: 'Levy & vote: “yes”?',
}
const encodedUrl = 'https%3A%2F%2Fnews.example%2Farticle%2Flevy-goes-to-ballot'
const encodedTitle = encodeURIComponent(page.title)

const link = (platform: string, url = 'https://example.com/broadsheet', icon = 'globe') => ({
  platform,
  url,
  icon,
})

describe('shareLinksFor', () => {
  it('builds each platform’s share URL with the article’s address and title encoded', () => {
    const links = shareLinksFor(
      [
        link('facebook'),
        link('twitter'),
        link('linkedin'),
        link('reddit'),
        link('whatsapp'),
        link('bluesky'),
        link('threads'),
        link('telegram'),
      ],
      page,
    )
    expect(Object.fromEntries(links.map((l) => [l.id, l.href]))).toEqual({
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
      x: `https://x.com/intent/post?url=${encodedUrl}&text=${encodedTitle}`,
      linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
      reddit: `https://www.reddit.com/submit?url=${encodedUrl}&title=${encodedTitle}`,
      whatsapp: `https://wa.me/?text=${encodedTitle}%20${encodedUrl}`,
      bluesky: `https://bsky.app/intent/compose?text=${encodedTitle}%20${encodedUrl}`,
      threads: `https://www.threads.net/intent/post?text=${encodedTitle}%20${encodedUrl}`,
      telegram: `https://t.me/share/url?url=${encodedUrl}&text=${encodedTitle}`,
    })
    // Every href is a plain https URL: nothing in the title can break out of its parameter.
    for (const l of links) expect(new URL(l.href).protocol).toBe('https:')
  })

  it('skips platforms without a share URL and keeps the order of the social links', () => {
    const links = shareLinksFor(
      [
        link('facebook'),
        link('instagram'),
        link('twitter'),
        link('youtube'),
        link('github'),
        link('Mastodon', 'https://mastodon.social/@broadsheet'),
      ],
      page,
    )
    expect(links.map((l) => [l.id, l.label])).toEqual([
      ['facebook', 'Facebook'],
      ['x', 'X'],
    ])
  })

  it('is empty when no social link has a share URL', () => {
    expect(shareLinksFor([], page)).toEqual([])
    expect(shareLinksFor([link('instagram'), link('youtube')], page)).toEqual([])
  })

  it('gives one link per platform, however many profiles the site lists there', () => {
    const links = shareLinksFor([link('Twitter'), link('X'), link('facebook'), link('FB')], page)
    expect(links.map((l) => l.id)).toEqual(['x', 'facebook'])
  })
})

describe('sharePlatformOf', () => {
  it('reads the platform name without case, spaces or punctuation', () => {
    expect(sharePlatformOf(link('LinkedIn'))).toBe('linkedin')
    expect(sharePlatformOf(link('X / Twitter'))).toBe('x')
    expect(sharePlatformOf(link('Whats App'))).toBe('whatsapp')
  })

  it('falls back to the profile’s address, then to the icon', () => {
    expect(sharePlatformOf(link('X (formerly Twitter)', 'https://x.com/broadsheet'))).toBe('x')
    expect(sharePlatformOf(link('Our page', 'https://www.facebook.com/broadsheet'))).toBe(
      'facebook',
    )
    expect(sharePlatformOf(link('Skeets', 'https://bsky.app/profile/broadsheet'))).toBe('bluesky')
    expect(sharePlatformOf(link('Company', 'not a url', 'linkedin'))).toBe('linkedin')
    expect(sharePlatformOf(link('Newsroom', 'https://example.com', 'github'))).toBeNull()
  })
})

describe('emailShareHref', () => {
  it('puts the title in the subject and the address in the body', () => {
    expect(emailShareHref(page)).toBe(`mailto:?subject=${encodedTitle}&body=${encodedUrl}`)
    expect(emailShareHref(page)).not.toMatch(/[ &]vote/)
  })
})
