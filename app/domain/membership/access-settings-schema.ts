import { z } from 'zod'
import { CURRENCY_CODES } from '~/lib/money'

/*
 * The access settings' form (/admin/settings/access, issue 38), client-safe: the paper's
 * currency, the preview before the wall, the meter or the registration wall, the categories the
 * meter leaves alone, and who reads the print editions.
 */

export const METER_MODES = ['off', 'meter', 'registration'] as const
export type MeterMode = (typeof METER_MODES)[number]

export const METER_PERIODS = ['week', 'month', 'rolling30'] as const
export type MeterPeriod = (typeof METER_PERIODS)[number]

export const METER_PERIOD_NAMES: Record<MeterPeriod, string> = {
  week: 'Calendar week',
  month: 'Calendar month',
  rolling30: 'Rolling 30 days',
}

export const EDITIONS_ACCESS = ['everyone', 'members'] as const
export type EditionsAccess = (typeof EDITIONS_ACCESS)[number]

export const PREVIEW_PARAGRAPHS_MAX = 20
export const METER_LIMIT_MAX = 100

/** A whole number typed in a field, between 0 and `max`, with the field's own message. */
const wholeNumber = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((n) => n <= max, message)

const LIMIT_MESSAGE = `A number of stories from 0 to ${METER_LIMIT_MAX}`

export const accessSettingsSchema = z
  .object({
    currency: z.enum(CURRENCY_CODES, { error: 'Choose a currency from the list' }),
    previewParagraphs: wholeNumber(
      PREVIEW_PARAGRAPHS_MAX,
      `Show 0 to ${PREVIEW_PARAGRAPHS_MAX} paragraphs before the wall (a whole number)`,
    ),
    meterMode: z.enum(METER_MODES, { error: 'Choose how members stories open' }),
    meterPeriod: z.enum(METER_PERIODS, { error: 'Choose the meter’s period' }),
    meterAnonymousLimit: wholeNumber(METER_LIMIT_MAX, LIMIT_MESSAGE),
    meterRegisteredLimit: wholeNumber(METER_LIMIT_MAX, LIMIT_MESSAGE),
    // The exempt categories' ids, comma-separated (the route gathers the checked boxes).
    exemptCategoryIds: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parts = (value ?? '').split(',').filter(Boolean)
        if (parts.every((part) => /^\d{1,9}$/.test(part))) return [...new Set(parts.map(Number))]
        ctx.issues.push({
          code: 'custom',
          message: 'Choose categories from the list',
          input: value,
        })
        return z.NEVER
      }),
    editionsAccess: z.enum(EDITIONS_ACCESS, { error: 'Choose who reads the print editions' }),
  })
  .refine((s) => s.meterRegisteredLimit >= s.meterAnonymousLimit, {
    message: 'Registered readers get at least as many free stories as anonymous readers',
    path: ['meterRegisteredLimit'],
    when: (payload) => !payload.issues.some((issue) => String(issue.path?.[0]).startsWith('meter')),
  })
  .refine((s) => s.meterMode !== 'meter' || s.meterRegisteredLimit > 0, {
    message: 'A meter lets registered readers read at least 1 story; or turn the meter off',
    path: ['meterRegisteredLimit'],
    when: (payload) => !payload.issues.some((issue) => String(issue.path?.[0]).startsWith('meter')),
  })

export type AccessSettingsValues = z.output<typeof accessSettingsSchema>

export const accessSettingsActionSchema = z.discriminatedUnion('intent', [
  accessSettingsSchema.safeExtend({ intent: z.literal('access') }),
])
