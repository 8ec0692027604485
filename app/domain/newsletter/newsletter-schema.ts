import { z } from 'zod'

export const NEWSLETTER_EMAIL_INVALID = 'Please enter a valid email address.'
export const NEWSLETTER_CHOOSE_ONE = 'Choose at least one newsletter'

/** The address of a sign-up (and of the back office's forms that take one). */
export const newsletterSubscribeSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_EMAIL_INVALID })
    .trim()
    .toLowerCase()
    .max(254, NEWSLETTER_EMAIL_INVALID)
    .pipe(z.email(NEWSLETTER_EMAIL_INVALID)),
})

/**
 * The sign-up form (footer, /newsletter) while there are lists to choose: the address and the
 * ticked lists (`list` fields, read with `chosenListIds`), at least one of them. With no list
 * at all the address alone is asked (`newsletterSubscribeSchema`).
 */
export const newsletterSignUpSchema = newsletterSubscribeSchema.extend({
  lists: z.array(z.number().int().positive()).min(1, NEWSLETTER_CHOOSE_ONE),
})

export const NEWSLETTER_THANKS = 'Thanks! Check your inbox for a link to confirm your subscription.'

/** What the newsletter form shows besides `ActionResult`: the thanks, in place of the form. */
export interface NewsletterAnswer {
  message: string
}

/** A list as the sign-up forms offer it: what it sends, how often, and whether it is ticked. */
export interface SignUpListView {
  id: number
  name: string
  description: string
  schedule: string
  isDefault: boolean
}

/** "A", "A and B", "A, B and C": the lists the confirmed page names. */
export function joinNames(names: readonly string[]) {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}
