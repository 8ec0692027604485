import crypto from 'node:crypto'
import { getEnv } from '~/infra/env.server'
import { sendBulkMail } from '~/infra/mail.server'
import { issueAndList } from './issue-lookup.server'
import { renderTemplate } from './issue-render.server'
import { listIdHeader, messageIdDomain } from './message-headers.server'
import { personalize } from './newsletter-mail.server'
import { PREFERENCES_PATH } from './preferences.server'
import { NewsletterSendError } from './send-error'
import { personalizeClicks } from './tracking-token.server'

/** One message of the issue to one address, now; not a delivery, not counted. */
export async function sendTestMessage(issueId: number, toEmail: string) {
  const email = toEmail.trim().toLowerCase()
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new NewsletterSendError('INVALID', 'Enter a valid email address', { field: 'email' })
  }
  const { issue, list } = await issueAndList(issueId)
  const mail = issue.html && issue.text ? issue : await renderTemplate(issue, list)
  const page = `${getEnv().siteUrl}${PREFERENCES_PATH}`
  const outcome = await sendBulkMail({
    to: email,
    subject: `[Test] ${mail.subject}`,
    // A test is counted nowhere: its story links are the bare ones.
    html: personalizeClicks(
      personalize(mail.html!, { unsubscribeUrl: page, preferencesUrl: page }),
      null,
    ),
    text: personalizeClicks(
      personalize(mail.text!, { unsubscribeUrl: page, preferencesUrl: page }),
      null,
    ),
    messageId: `<test.${crypto.randomBytes(9).toString('base64url')}.${issueId}@${messageIdDomain()}>`,
    date: new Date(),
    headers: { 'List-Id': listIdHeader(list) },
  })
  if (!outcome.ok) {
    throw new NewsletterSendError('SEND_FAILED', `The test message was not sent: ${outcome.error}`)
  }
}
