// One package per component, as the newsletters (docs/decisions/0039).
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { render } from '@react-email/render'
import { Text } from '@react-email/text'
import { Fragment } from 'react'

/**
 * A short message to one person (a sign-in link, a code, an invitation, a review's news): what
 * it says, then its one action, then what it adds, signed by the site. The account and review
 * mails share it; the newsletters have their own layout (app/domain/newsletter).
 */
export interface Notice {
  brand: string
  /** Paragraphs before the action; a line break in one is kept. */
  paragraphs: string[]
  action?: { label: string; url: string }
  /** A one-time code, shown large below the action. */
  code?: string
  /** Paragraphs after the action and the code. */
  after?: string[]
}

const text = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px', color: '#1a1a1a' }

function Lines({ value }: { value: string }) {
  return value.split('\n').map((line, i) => (
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ))
}

export function NoticeMail({ notice }: { notice: Notice }) {
  const { brand, paragraphs, action, code, after = [] } = notice
  return (
    <Html lang="en">
      <Head />
      <Preview>{paragraphs[0] ?? ''}</Preview>
      <Body style={{ backgroundColor: '#ffffff', fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ maxWidth: '560px', padding: '24px 16px' }}>
          {paragraphs.map((paragraph, i) => (
            <Text key={i} style={text}>
              <Lines value={paragraph} />
            </Text>
          ))}
          {action ? (
            <Text style={text}>
              <Link href={action.url} style={{ color: '#1d4ed8', textDecoration: 'underline' }}>
                {action.label}
              </Link>
            </Text>
          ) : null}
          {code ? (
            <Text style={text}>
              Your one-time code: <strong style={{ letterSpacing: '2px' }}>{code}</strong>
            </Text>
          ) : null}
          {after.map((paragraph, i) => (
            <Text key={i} style={text}>
              <Lines value={paragraph} />
            </Text>
          ))}
          <Hr style={{ borderColor: '#e5e5e5', margin: '8px 0 16px' }} />
          <Text style={{ ...text, color: '#555555' }}>— {brand}</Text>
        </Container>
      </Body>
    </Html>
  )
}

/** The plain-text part: the same words, the action's address written out. */
function noticeText({ brand, paragraphs, action, code, after = [] }: Notice): string {
  const lines = paragraphs.flatMap((paragraph) => [paragraph, ''])
  if (action) lines.push(`${action.label}:`, action.url, '')
  if (code) lines.push(`Your one-time code: ${code}`, '')
  for (const paragraph of after) lines.push(paragraph, '')
  lines.push(`— ${brand}`)
  return lines.join('\n')
}

export async function renderNoticeMail(notice: Notice): Promise<{ html: string; text: string }> {
  return { html: await render(<NoticeMail notice={notice} />), text: noticeText(notice) }
}
