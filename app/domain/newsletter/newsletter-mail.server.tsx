// One package per component, not @react-email/components: that one loads every component at
// start-up, Prism with its languages and Tailwind's compiler among them (docs/decisions/0039).
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Img } from '@react-email/img'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { render } from '@react-email/render'

// The newsletter's markup: React Email components (table layouts and inline styles that mail
// clients render), docs/decisions/0032-react-email-for-newsletters.md. Rendered ONCE per
// issue; the two links that differ per reader are placeholders filled in by `personalize`,
// so a send of 100,000 messages renders React once, not 100,000 times.

export const UNSUBSCRIBE_PLACEHOLDER = '{{unsubscribe_url}}'
export const PREFERENCES_PLACEHOLDER = '{{preferences_url}}'

export interface MailStory {
  title: string
  excerpt: string
  /** Absolute. */
  url: string
  category: string | null
  /** Absolute, with its size in the mail (attributes: no reflow, no blank box in Outlook). */
  image: { url: string; width: number; height: number; alt: string } | null
}

export interface IssueMailModel {
  brand: string
  listName: string
  subject: string
  preheader: string
  intro: string
  stories: MailStory[]
  /** Absolute: the site's home page. */
  siteUrl: string
}

/** Width of the mail's column, in CSS pixels: images are sized to it. */
export const MAIL_WIDTH = 560

const colors = {
  ink: '#2a2520',
  muted: '#6b645c',
  rule: '#e4ded5',
  paper: '#fdfcf9',
  link: '#1f4fa3',
}
const serif = "Georgia, Cambria, 'Times New Roman', Times, serif"
const sans = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

function IssueMail({ model }: { model: IssueMailModel }) {
  return (
    <Html lang="en">
      <Head />
      {model.preheader ? <Preview>{model.preheader}</Preview> : null}
      <Body style={{ backgroundColor: colors.paper, color: colors.ink, fontFamily: sans }}>
        <Container style={{ maxWidth: `${MAIL_WIDTH}px`, padding: '24px 16px' }}>
          <Section>
            <Link
              href={model.siteUrl}
              style={{
                color: colors.ink,
                fontFamily: serif,
                fontSize: '28px',
                fontWeight: 900,
                textDecoration: 'none',
              }}
            >
              {model.brand}
            </Link>
            <Text style={{ color: colors.muted, fontSize: '13px', margin: '4px 0 0' }}>
              {model.listName}
            </Text>
          </Section>
          <Hr style={{ borderColor: colors.ink, borderWidth: '2px 0 0', margin: '16px 0' }} />
          <Heading
            as="h1"
            style={{ fontFamily: serif, fontSize: '26px', lineHeight: '32px', margin: '0 0 12px' }}
          >
            {model.subject}
          </Heading>
          {model.intro
            ? model.intro.split(/\n{2,}/).map((paragraph, i) => (
                <Text key={i} style={{ fontSize: '16px', lineHeight: '24px' }}>
                  {paragraph}
                </Text>
              ))
            : null}
          {model.stories.map((story) => (
            <Section key={story.url} style={{ margin: '24px 0 0' }}>
              {story.image ? (
                <Link href={story.url}>
                  <Img
                    src={story.image.url}
                    width={story.image.width}
                    height={story.image.height}
                    alt={story.image.alt}
                    style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
                  />
                </Link>
              ) : null}
              {story.category ? (
                <Text
                  style={{
                    color: colors.muted,
                    fontSize: '12px',
                    letterSpacing: '0.06em',
                    margin: '12px 0 0',
                    textTransform: 'uppercase',
                  }}
                >
                  {story.category}
                </Text>
              ) : null}
              <Heading
                as="h2"
                style={{ fontFamily: serif, fontSize: '21px', lineHeight: '27px', margin: '6px 0' }}
              >
                <Link href={story.url} style={{ color: colors.ink, textDecoration: 'none' }}>
                  {story.title}
                </Link>
              </Heading>
              {story.excerpt ? (
                <Text style={{ fontSize: '15px', lineHeight: '22px', margin: '0 0 6px' }}>
                  {story.excerpt}
                </Text>
              ) : null}
              <Link href={story.url} style={{ color: colors.link, fontSize: '15px' }}>
                Read the story
              </Link>
            </Section>
          ))}
          <Hr style={{ borderColor: colors.rule, margin: '32px 0 16px' }} />
          <Text style={{ color: colors.muted, fontSize: '13px', lineHeight: '20px' }}>
            You receive {model.listName} from {model.brand} because you subscribed to it.{' '}
            <Link
              href={PREFERENCES_PLACEHOLDER}
              style={{ color: colors.muted, textDecoration: 'underline' }}
            >
              Manage your newsletters
            </Link>{' '}
            ·{' '}
            <Link
              href={UNSUBSCRIBE_PLACEHOLDER}
              style={{ color: colors.muted, textDecoration: 'underline' }}
            >
              Unsubscribe from this list
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  )
}

/** The plain-text part, written for reading (not HTML stripped of its tags). */
function issueText(model: IssueMailModel) {
  const lines = [model.brand.toUpperCase(), model.listName, '', model.subject, '']
  if (model.intro) lines.push(model.intro.trim(), '')
  for (const story of model.stories) {
    lines.push('----', '')
    if (story.category) lines.push(story.category.toUpperCase())
    lines.push(story.title)
    if (story.excerpt) lines.push('', story.excerpt)
    lines.push('', `Read the story: ${story.url}`, '')
  }
  lines.push(
    '----',
    '',
    `You receive ${model.listName} from ${model.brand} because you subscribed to it.`,
    `Manage your newsletters: ${PREFERENCES_PLACEHOLDER}`,
    `Unsubscribe from this list: ${UNSUBSCRIBE_PLACEHOLDER}`,
    '',
  )
  return lines.join('\n')
}

export async function renderNewsletterMail(
  model: IssueMailModel,
): Promise<{ html: string; text: string }> {
  const html = await render(<IssueMail model={model} />)
  return { html, text: issueText(model) }
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
