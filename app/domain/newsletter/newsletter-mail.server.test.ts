import { describe, expect, it } from 'vitest'
import { threeStoryDigest } from '../../../tests/setup/newsletter-mail-fixture'
import { withDarkScheme } from './mail-scheme'
import {
  PREFERENCES_PLACEHOLDER,
  renderNewsletterMail,
  UNSUBSCRIBE_PLACEHOLDER,
  type IssueMailModel,
} from './newsletter-mail.server'

// Issue 36, "Mails that read as edited": each headline once, a digest's date and greeting, the
// send's time and sender in the footer, a web copy to read it in a browser. Fixed clock: the
// fixture's send is 07:00 in Paris on Thursday, November 26, 2026.

/** What a reader sees: the body's text without the hidden preheader, the head or the tags. */
function visibleText(html: string) {
  const body = html.slice(html.indexOf('<body'))
  return body
    .replace(/<div[^>]*display:none[^>]*>[\s\S]*?<\/div>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

function occurrences(text: string, needle: string) {
  return text.split(needle).length - 1
}

const alert: IssueMailModel = {
  ...threeStoryDigest,
  kind: 'alert',
  listName: 'Breaking News',
  cadence: null,
  subject: threeStoryDigest.stories[0].title,
  preheader: threeStoryDigest.stories[0].excerpt,
  stories: threeStoryDigest.stories.slice(0, 1),
}

describe('the newsletter mail', () => {
  it('prints each headline once in a digest, an alert and an edition (HTML and text)', async () => {
    const edition: IssueMailModel = {
      ...threeStoryDigest,
      kind: 'edition',
      subject: threeStoryDigest.stories[1].title,
    }
    for (const model of [threeStoryDigest, alert, edition]) {
      const { html, text } = await renderNewsletterMail(model)
      for (const story of model.stories) {
        expect(occurrences(visibleText(html), story.title), `${model.kind}: ${story.title}`).toBe(1)
        expect(occurrences(text, story.title), `${model.kind} text: ${story.title}`).toBe(1)
      }
    }
  })

  it('heads an edition with its subject when the subject is the editors’ own words', async () => {
    const { html, text } = await renderNewsletterMail({
      ...threeStoryDigest,
      kind: 'edition',
      subject: 'The harbour, a week on',
    })
    expect(html).toMatch(/<h1[^>]*>The harbour, a week on<\/h1>/)
    expect(text).toContain('\nThe harbour, a week on\n')
  })

  it('dates a digest and greets by the send’s hour in the site’s zone', async () => {
    const { html, text } = await renderNewsletterMail(threeStoryDigest)
    const seen = visibleText(html)
    expect(seen).toContain('Morning Briefing · November 26, 2026')
    expect(seen).toContain('Good morning — here is today’s Morning Briefing.')
    expect(text).toContain('November 26, 2026')
    expect(text).toContain('Good morning — here is today’s Morning Briefing.')
    // 18:30 in Paris is the evening; a weekly list's issue is this week's.
    const evening = await renderNewsletterMail({
      ...threeStoryDigest,
      cadence: 'weekly',
      sentAt: new Date('2026-11-26T17:30:00Z'),
    })
    expect(evening.text).toContain('Good evening — here is this week’s Morning Briefing.')
    // An alert has neither.
    const { text: alertText } = await renderNewsletterMail(alert)
    expect(alertText).not.toContain('Good morning')
  })

  it('ends with the send’s time and the sender, then the preferences and unsubscribe links', async () => {
    const { html, text } = await renderNewsletterMail(threeStoryDigest)
    const sent = 'Sent on November 26, 2026 at 7:00 AM by Broadsheet, news.example.com.'
    expect(visibleText(html)).toContain(sent)
    expect(text).toContain(sent)
    expect(html).toContain(`href="${PREFERENCES_PLACEHOLDER}"`)
    expect(html).toContain(`href="${UNSUBSCRIBE_PLACEHOLDER}"`)
    expect(html.indexOf(sent.slice(0, 20))).toBeLessThan(html.indexOf(UNSUBSCRIBE_PLACEHOLDER))
  })

  it('links "View in browser" to the web copy, in both parts', async () => {
    const { html, text } = await renderNewsletterMail(threeStoryDigest)
    expect(html).toMatch(
      /<a href="https:\/\/news\.example\.com\/newsletters\/morning-briefing\/42"[^>]*>View in browser<\/a>/,
    )
    expect(text).toContain(
      'View in browser: https://news.example.com/newsletters/morning-briefing/42',
    )
  })

  it('shows the lead story’s picture and none of the others’, and each byline', async () => {
    const { html } = await renderNewsletterMail(threeStoryDigest)
    expect(occurrences(html, '<img')).toBe(1)
    expect(html).toContain('src="https://news.example.com/media/images/harbour.webp"')
    for (const story of threeStoryDigest.stories)
      expect(visibleText(html)).toContain(`By ${story.byline}`)
  })

  it('makes every story link in one place (storyHref), in the HTML and the text', async () => {
    const { html, text } = await renderNewsletterMail(threeStoryDigest, {
      storyHref: (url) => `https://news.example.com/r?u=${encodeURIComponent(url)}`,
    })
    for (const story of threeStoryDigest.stories) {
      const wrapped = `https://news.example.com/r?u=${encodeURIComponent(story.url)}`
      expect(html).not.toContain(`href="${story.url}"`)
      expect(html).toContain(`href="${wrapped.replaceAll('&', '&amp;')}"`)
      expect(text).toContain(`Read the story: ${wrapped}`)
    }
  })

  it('carries a dark colour scheme for mail clients that ask for one', async () => {
    const { html } = await renderNewsletterMail(threeStoryDigest)
    expect(html).toContain('<meta name="color-scheme" content="light dark"')
    expect(html).toContain('@media (prefers-color-scheme: dark)')
    // The back office's preview turns it on for its Dark choice.
    const dark = withDarkScheme(html)
    expect(dark).not.toContain('prefers-color-scheme')
    expect(dark).toMatch(
      /@media all \{\s*:root, body, \.m-body, \.m-paper \{ background-color: #161513/,
    )
  })

  // The committed HTML is what tests/e2e/site/newsletter-mail-layout.spec.ts screenshots at 375
  // and 600 px, light and dark: a change of layout shows in both reviews.
  it('lays out the three-story digest as committed', async () => {
    const { html } = await renderNewsletterMail(threeStoryDigest)
    await expect(html).toMatchFileSnapshot(
      '../../../tests/e2e/site/newsletter-mail-layout.digest.html',
    )
  })
})
