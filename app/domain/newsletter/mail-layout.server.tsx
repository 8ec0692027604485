import { Heading } from '@react-email/heading'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { DARK_MEDIA_QUERY } from './mail-scheme'

export interface MailStory {
  title: string
  excerpt: string
  /** Absolute. */
  url: string
  category: string | null
  /** The byline's name(s), as the story's page prints them; null for none. */
  byline: string | null
  /** Absolute, with its size in the mail (attributes: no reflow, no blank box in Outlook). */
  image: { url: string; width: number; height: number; alt: string } | null
}

// The pieces of the newsletter's layout (issue 36): a lead story with its picture, the others
// as headline, standfirst and byline without pictures, so a three-story digest fits two phone
// screens. Every story link is made by the one `storyHref` the mail is rendered with.

export type StoryHref = (url: string) => string

export const mailColors = {
  ink: '#2a2520',
  muted: '#6b645c',
  rule: '#e4ded5',
  paper: '#fdfcf9',
  link: '#1f4fa3',
}
export const serif = "Georgia, Cambria, 'Times New Roman', Times, serif"
export const sans = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/**
 * Colours for mail clients in dark mode (Apple Mail, Outlook for Mac and iOS, some webmails;
 * the others invert or keep the light ones, both readable). `!important` beats inline styles.
 */
export const DARK_STYLE = `${DARK_MEDIA_QUERY} {
  :root, body, .m-body, .m-paper { background-color: #161513 !important; color: #ece7df !important; }
  .m-ink { color: #ece7df !important; }
  .m-muted { color: #aaa297 !important; }
  .m-link { color: #9dbcff !important; }
  .m-rule { border-color: #3b3732 !important; }
  .m-strong-rule { border-color: #ece7df !important; }
}`

const kicker = {
  color: mailColors.muted,
  fontSize: '12px',
  lineHeight: '16px',
  letterSpacing: '0.06em',
  margin: '0',
  textTransform: 'uppercase' as const,
}

function Byline({ byline }: { byline: string | null }) {
  if (!byline) return null
  return (
    <Text
      className="m-muted"
      style={{ color: mailColors.muted, fontSize: '13px', lineHeight: '18px', margin: '4px 0 0' }}
    >
      By {byline}
    </Text>
  )
}

export function LeadStory({ story, storyHref }: { story: MailStory; storyHref: StoryHref }) {
  const href = storyHref(story.url)
  return (
    <Section style={{ margin: '0' }}>
      {story.image ? (
        <Link href={href}>
          <Img
            src={story.image.url}
            width={story.image.width}
            height={story.image.height}
            alt={story.image.alt}
            style={{ display: 'block', maxWidth: '100%', height: 'auto', margin: '0 0 12px' }}
          />
        </Link>
      ) : null}
      {story.category ? (
        <Text className="m-muted" style={kicker}>
          {story.category}
        </Text>
      ) : null}
      <Heading
        as="h2"
        style={{ fontFamily: serif, fontSize: '24px', lineHeight: '30px', margin: '4px 0 6px' }}
      >
        <Link
          href={href}
          className="m-ink"
          style={{ color: mailColors.ink, textDecoration: 'none' }}
        >
          {story.title}
        </Link>
      </Heading>
      {story.excerpt ? (
        <Text style={{ fontSize: '16px', lineHeight: '23px', margin: '0' }}>{story.excerpt}</Text>
      ) : null}
      <Byline byline={story.byline} />
    </Section>
  )
}

export function BriefStory({ story, storyHref }: { story: MailStory; storyHref: StoryHref }) {
  return (
    <Section
      className="m-rule"
      style={{ borderTop: `1px solid ${mailColors.rule}`, margin: '16px 0 0', padding: '14px 0 0' }}
    >
      {story.category ? (
        <Text className="m-muted" style={kicker}>
          {story.category}
        </Text>
      ) : null}
      <Heading
        as="h3"
        style={{ fontFamily: serif, fontSize: '19px', lineHeight: '24px', margin: '2px 0 4px' }}
      >
        <Link
          href={storyHref(story.url)}
          className="m-ink"
          style={{ color: mailColors.ink, textDecoration: 'none' }}
        >
          {story.title}
        </Link>
      </Heading>
      {story.excerpt ? (
        <Text style={{ fontSize: '15px', lineHeight: '21px', margin: '0' }}>{story.excerpt}</Text>
      ) : null}
      <Byline byline={story.byline} />
    </Section>
  )
}
