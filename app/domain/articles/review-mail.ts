import { renderNoticeMail } from '~/infra/notice-mail.server'

// The review's two mails, as plain text with an HTML twin (the account mails' layout,
// infra/notice-mail.server.tsx). review.server.ts fills in the names and the link and sends them.

export interface ReviewMail {
  subject: string
  text: string
  html: string
}

async function compose(
  subject: string,
  paragraphs: string[],
  label: string,
  url: string,
  brand: string,
): Promise<ReviewMail> {
  return { subject, ...(await renderNoticeMail({ brand, paragraphs, action: { label, url } })) }
}

/** To every editor and admin: an article waits for them. */
export function submittedForReviewMail(facts: {
  title: string
  writer: string
  url: string
  brand: string
}): Promise<ReviewMail> {
  return compose(
    `Waiting for review: “${facts.title}”`,
    [
      `${facts.writer} submitted “${facts.title}” for review.`,
      'Open it to publish it, schedule it, or return it to the writer with a note.',
    ],
    'Review the article',
    facts.url,
    facts.brand,
  )
}

/** To the writer: an editor sent the article back, with what to change. */
export function returnedToWriterMail(facts: {
  title: string
  editor: string
  note: string
  url: string
  brand: string
}): Promise<ReviewMail> {
  return compose(
    `Returned with a note: “${facts.title}”`,
    [
      `${facts.editor} returned “${facts.title}” to you as a draft, with this note:`,
      facts.note,
      'Revise it and submit it for review again when it is ready.',
    ],
    'Open the article',
    facts.url,
    facts.brand,
  )
}
