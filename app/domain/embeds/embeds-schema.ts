import { z } from 'zod'
import { EMBED_URL_MAX, embedAddress } from '~/lib/embed-providers'

/** The embed look-up's form: the address pasted or typed (http or https). */
export const embedLookupSchema = z.object({
  url: z
    .string({ error: 'Enter the address to embed' })
    .trim()
    .min(1, 'Enter the address to embed')
    .max(EMBED_URL_MAX, `An address may be at most ${EMBED_URL_MAX} characters`)
    .refine((url) => embedAddress(url) !== null, 'Use a web address (http or https)'),
})
