// One package per component, not @react-email/components: that one loads every component at
// start-up, Prism with its languages and Tailwind's compiler among them (docs/decisions/0039).
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { render } from '@react-email/render'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { formatArticleDate, formatDateWithTime } from '~/lib/dates'
import { toWallTime } from '~/lib/time-zone'
import {
  BriefStory,
  DARK_STYLE,
  LeadStory,
  mailColors,
  sans,
  serif,
  type MailStory,
  type StoryHref,
} from './mail-layout.server'
import type { MailBody } from './mail-body.server'

// The newsletter's markup: React Email components (table layouts and inline styles that mail
// clients render), docs/decisions/0039-react-email-and-exactly-once-newsletters.md. Rendered ONCE per
// issue; the two links that differ per reader are placeholders filled in by `personalize`,
// so a send of 100,000 messages renders React once, not 100,000 times.

export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}'
export const PREFERENCES_PLACEHOLDER = '{{preferences_url}}'

export interface IssueMailModel {
  brand: string
  listName: string
  /** A digest opens with its date and a greeting; an alert or an edition with its stories. */
  kind: 'alert' | 'digest' | 'edition'
  /** A digest's cadence: "today's" or "this week's" in its greeting. */
  cadence?: 'daily' | 'weekly' | null
  subject: string
  preheader: string
  /** The edition's introduction in its mail forms (mail-body.server.ts); empty for none. */
  intro: MailBody
  stories: MailStory[]
  /** Absolute: the site's home page. */
  siteUrl: string
  /** Absolute: the issue's web copy ("View in browser"); null where there is none. */
  webUrl: string | null
  /** The moment the send started (the rendering is frozen then): the footer and the greeting. */
  sentAt: Date
  /** The site's zone: the date, the greeting's hour and the footer's time are read in it. */
  timeZone: string
}

export interface RenderMailOptions {
  /** The one place a story's link is made (every story link of both parts goes through it). */
  storyHref?: StoryHref
}

/** Width of the mail's column, in CSS pixels: images are sized to it. */
export const MAIL_WIDTH = 560

/**
 * The subject as a heading, unless it already carries a story's headline (an alert's subject
 * is its story's; a digest's is "List: lead headline"): a headline is printed once, with its
 * story. A digest opens with its date and greeting instead.
 */
export function mailHeading(model: IssueMailModel): string | null {
  if (model.kind === 'digest' || !model.subject) return null
  const subject = model.subject.toLowerCase()
  return model.stories.some((story) => subject.includes(story.title.toLowerCase()))
    ? null
    : model.subject
}

/** "Good morning — here is today's Morning Briefing.", by the send's hour in the site's zone. */
export function digestGreeting(
  model: Pick<IssueMailModel, 'listName' | 'cadence' | 'sentAt' | 'timeZone'>,
) {
  const hour = Number(toWallTime(model.sentAt, model.timeZone).slice(11, 13))
  const part =
    hour >= 4 && hour < 12 ? 'morning' : hour >= 12 && hour < 18 ? 'afternoon' : 'evening'
  const when = model.cadence === 'weekly' ? 'this week’s' : 'today’s'
  return `Good ${part} — here is ${when} ${model.listName}.`
}

/** "Sent on November 26, 2026 at 7:00 AM by Broadsheet, example.com." */
export function sentLine(model: IssueMailModel) {
  return `Sent on ${formatDateWithTime(model.sentAt, model.timeZone)} by ${model.brand}, ${siteAddress(model.siteUrl)}.`
}

function siteAddress(siteUrl: string) {
  try {
    return new URL(siteUrl).host
  } catch {
    return siteUrl
  }
}

const identity: StoryHref = (url) => url

function IssueMail({ model, storyHref }: { model: IssueMailModel; storyHref: StoryHref }) {
  const heading = mailHeading(model)
  const [lead, ...rest] = model.stories
  const muted = { color: mailColors.muted, textDecoration: 'underline' }
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{model.subject}</title>
        <style dangerouslySetInnerHTML={{ __html: DARK_STYLE }} />
      </Head>
      {model.preheader ? <Preview>{model.preheader}</Preview> : null}
      <Body
        className="m-body"
        style={{
          backgroundColor: mailColors.paper,
          color: mailColors.ink,
          fontFamily: sans,
          margin: '0',
        }}
      >
        <Container
          className="m-paper"
          style={{
            maxWidth: `${MAIL_WIDTH}px`,
            padding: '16px 16px 24px',
            backgroundColor: mailColors.paper,
          }}
        >
          {model.webUrl ? (
            <Text
              style={{
                fontSize: '12px',
                lineHeight: '16px',
                margin: '0 0 8px',
                textAlign: 'right',
              }}
            >
              <Link href={model.webUrl} className="m-muted" style={muted}>
                View in browser
              </Link>
            </Text>
          ) : null}
          <Section>
            <Link
              href={model.siteUrl}
              className="m-ink"
              style={{
                color: mailColors.ink,
                fontFamily: serif,
                fontSize: '28px',
                fontWeight: 900,
                lineHeight: '34px',
                textDecoration: 'none',
              }}
            >
              {model.brand}
            </Link>
            <Text
              className="m-muted"
              style={{
                color: mailColors.muted,
                fontSize: '13px',
                lineHeight: '18px',
                margin: '2px 0 0',
              }}
            >
              {model.listName}
              {model.kind === 'digest'
                ? ` · ${formatArticleDate(model.sentAt, model.timeZone)}`
                : ''}
            </Text>
          </Section>
          <Hr
            className="m-strong-rule"
            style={{ borderColor: mailColors.ink, borderWidth: '2px 0 0', margin: '12px 0 14px' }}
          />
          {model.kind === 'digest' ? (
            <Text
              style={{
                fontFamily: serif,
                fontSize: '17px',
                lineHeight: '24px',
                margin: '0 0 14px',
              }}
            >
              {digestGreeting(model)}
            </Text>
          ) : null}
          {heading ? (
            <Heading
              as="h1"
              style={{
                fontFamily: serif,
                fontSize: '26px',
                lineHeight: '32px',
                margin: '0 0 10px',
              }}
            >
              {heading}
            </Heading>
          ) : null}
          {model.intro.html ? (
            // Made of the sanitised body by mail-body.server.ts: mail markup, nothing else.
            <div dangerouslySetInnerHTML={{ __html: model.intro.html }} />
          ) : null}
          {lead ? <LeadStory story={lead} storyHref={storyHref} /> : null}
          {rest.map((story) => (
            <BriefStory key={story.url} story={story} storyHref={storyHref} />
          ))}
          <Hr className="m-rule" style={{ borderColor: mailColors.rule, margin: '24px 0 12px' }} />
          <Text
            className="m-muted"
            style={{ color: mailColors.muted, fontSize: '13px', lineHeight: '19px', margin: '0' }}
          >
            {sentLine(model)} You receive {model.listName} because you subscribed to it.{' '}
            <Link href={PREFERENCES_PLACEHOLDER} className="m-muted" style={muted}>
              Manage your newsletters
            </Link>{' '}
            ·{' '}
            <Link href={UNSUBSCRIBE_PLACEHOLDER} className="m-muted" style={muted}>
              Unsubscribe from this list
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

/** The plain-text part, written for reading (not HTML stripped of its tags). */
function issueText(model: IssueMailModel, storyHref: StoryHref) {
  const lines = [model.brand.toUpperCase(), model.listName]
  if (model.kind === 'digest') lines.push(formatArticleDate(model.sentAt, model.timeZone))
  lines.push('')
  if (model.webUrl) lines.push(`View in browser: ${model.webUrl}`, '')
  if (model.kind === 'digest') lines.push(digestGreeting(model), '')
  const heading = mailHeading(model)
  if (heading) lines.push(heading, '')
  if (model.intro.text) lines.push(model.intro.text, '')
  for (const story of model.stories) {
    lines.push('----', '')
    if (story.category) lines.push(story.category.toUpperCase())
    lines.push(story.title)
    if (story.excerpt) lines.push('', story.excerpt)
    if (story.byline) lines.push(`By ${story.byline}`)
    lines.push('', `Read the story: ${storyHref(story.url)}`, '')
  }
  lines.push(
    '----',
    '',
    sentLine(model),
    `You receive ${model.listName} because you subscribed to it.`,
    `Manage your newsletters: ${PREFERENCES_PLACEHOLDER}`,
    `Unsubscribe from this list: ${UNSUBSCRIBE_PLACEHOLDER}`,
    '',
  )
  return lines.join('\n')
}

export async function renderNewsletterMail(
  model: IssueMailModel,
  { storyHref = identity }: RenderMailOptions = {},
): Promise<{ html: string; text: string }> {
  const html = await render(<IssueMail model={model} storyHref={storyHref} />)
  return { html, text: issueText(model, storyHref) }
}

/**
 * One reader's copy: the placeholders replaced by their links. The links hold only URL-safe
 * characters (no `&`, `<` or `"`), so they go into the HTML as they are.
 */
export function personalize(
  content: string,
  links: { unsubscribeUrl: string; preferencesUrl: string },
) {
  return content
    .replaceAll(UNSUBSCRIBE_PLACEHOLDER, links.unsubscribeUrl)
    .replaceAll(PREFERENCES_PLACEHOLDER, links.preferencesUrl)
}

/** A new list announced to one reader (issue 36). */
export interface MailAnnouncement {
  name: string
  description: string
}

function escapeHtml(value: string) {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
}

function announcementLine(brand: string, list: MailAnnouncement) {
  const description = list.description.trim().replace(/[.!?…]+$/, '')
  return {
    lead: `New from ${brand}: `,
    name: list.name,
    rest: description ? ` — ${description}.` : '.',
  }
}

/**
 * One reader's copy with the new lists announced to them, after the stories and before the
 * footer (issue 36). Added at the per-reader step, like the reader's links: the issue is
 * rendered once and its frozen mail (the web copy, the archive) never carries it. The footer is
 * the mail's last rule (`<hr`) in the HTML and its last `----` line in the text. The
 * preferences link is the placeholder, filled in by `personalize` afterwards. Unchanged when
 * there is nothing to announce or no footer is found.
 */
export function withAnnouncements(
  mail: { html: string; text: string },
  brand: string,
  lists: MailAnnouncement[],
): { html: string; text: string; announced: boolean } {
  const htmlAt = mail.html.lastIndexOf('<hr')
  const textAt = mail.text.lastIndexOf('----\n')
  if (lists.length === 0 || htmlAt < 0 || textAt < 0) return { ...mail, announced: false }
  const lines = lists.map((list) => announcementLine(brand, list))
  const link = `<a href="${PREFERENCES_PLACEHOLDER}" style="color:${mailColors.ink};text-decoration:underline">Add it on your preferences page</a>`
  const block =
    `<div class="m-announce" style="border-top:1px solid ${mailColors.rule};margin:24px 0 0;padding:14px 0 0">` +
    lines
      .map(
        (l) =>
          `<p style="font-size:15px;line-height:22px;margin:0 0 6px">${escapeHtml(l.lead)}<strong>${escapeHtml(l.name)}</strong>${escapeHtml(l.rest)} ${link}</p>`,
      )
      .join('') +
    '</div>'
  const text = lines
    .map(
      (l) =>
        `${l.lead}${l.name}${l.rest} Add it on your preferences page: ${PREFERENCES_PLACEHOLDER}`,
    )
    .join('\n')
  return {
    html: mail.html.slice(0, htmlAt) + block + mail.html.slice(htmlAt),
    text: `${mail.text.slice(0, textAt)}----\n\n${text}\n\n${mail.text.slice(textAt)}`,
    announced: true,
  }
}
