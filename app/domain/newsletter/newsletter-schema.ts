import { z } from 'zod'

export const NEWSLETTER_EMAIL_INVALID = 'Please enter a valid email address.'

/** The footer's newsletter form (docs/product.md §2 Footer: an email input and a Subscribe button). */
export const newsletterSubscribeSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_EMAIL_INVALID })
    .trim()
    .toLowerCase()
    .max(254, NEWSLETTER_EMAIL_INVALID)
    .pipe(z.email(NEWSLETTER_EMAIL_INVALID)),
})

export const NEWSLETTER_THANKS = 'Thanks! Check your inbox for a link to confirm your subscription.'

/** What the newsletter form shows besides `ActionResult`: the thanks, in place of the form. */
export interface NewsletterAnswer {
  message: string
}
