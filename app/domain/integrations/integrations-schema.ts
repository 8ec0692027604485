import { z } from 'zod'

/** The longest name an integration may have. */
export const INTEGRATION_NAME_MAX = 100

/** The Integrations screen's posts: create one (its key shown once), revoke one. */
export const integrationActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    name: z
      .string()
      .trim()
      .min(1, 'Name the integration')
      .max(INTEGRATION_NAME_MAX, `Keep the name within ${INTEGRATION_NAME_MAX} characters`),
    // A checkbox posts "on" when ticked and nothing otherwise.
    fullText: z.preprocess((value) => value === 'on' || value === 'true', z.boolean()),
  }),
  z.object({
    intent: z.literal('revoke'),
    id: z.coerce.number({ error: 'This integration no longer exists' }).int().positive(),
  }),
])

export type IntegrationAction = z.output<typeof integrationActionSchema>
