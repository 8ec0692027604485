import { z } from 'zod'
import { idField } from '~/lib/form-schemas'
import { canonicalTimeZone } from '~/lib/time-zone'

export const SOCIAL_ICONS = [
  'facebook',
  'twitter',
  'instagram',
  'github',
  'youtube',
  'linkedin',
] as const
export type SocialIcon = (typeof SOCIAL_ICONS)[number]

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/

// Uploaded files are served by this site under /media/…; a logo from elsewhere is a full URL.
const assetUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => v === '' || v.startsWith('/media/') || /^https?:\/\//i.test(v),
    'Must be a valid URL',
  )
  .transform((v) => (v === '' ? null : v))

/** docs/product.md §5: logo_type text or image; the other fields are optional. */
export const logoSettingsSchema = z
  .object({
    logoType: z.enum(['text', 'image'], { message: 'Logo type must be text or image' }),
    logoText: z.string().trim().max(80, 'Logo text is too long').default(''),
    logoTextColor: z
      .string()
      .trim()
      .regex(HEX_COLOUR, 'Colour must look like #000000')
      .default('#000000'),
    // The masthead's colour on the dark theme's page (the light one is usually unreadable there).
    logoTextColorDark: z
      .string()
      .trim()
      .regex(HEX_COLOUR, 'Colour must look like #000000')
      .default('#F5F5F5'),
    logoFontFamily: z
      .string()
      .trim()
      .max(100)
      // Goes into a CSS font-family value: letters, digits, spaces, dashes and underscores only.
      .regex(/^[\w .-]*$/, 'Font name may only contain letters, digits, spaces and dashes')
      .transform((v) => (v === '' ? null : v))
      .default(''),
    logoFontUrl: assetUrl.default(''),
    logoImageUrl: assetUrl.default(''),
  })
  // A text logo needs its text: an empty one was taken as "keep the old one", so the form
  // said "saved" and changed nothing.
  .refine((logo) => logo.logoType !== 'text' || logo.logoText !== '', {
    message: 'Logo text is required',
    path: ['logoText'],
  })

export type LogoSettingsValues = z.output<typeof logoSettingsSchema>

/** docs/product.md §5: platform required, url valid, icon required. */
export const socialLinkSchema = z.object({
  platform: z
    .string({ message: 'Platform is required' })
    .trim()
    .min(1, 'Platform is required')
    .max(60, 'Platform is too long'),
  url: z
    .string({ message: 'Must be a valid URL' })
    .trim()
    .max(2000, 'URL is too long')
    .refine((v) => {
      try {
        const url = new URL(v)
        return url.protocol === 'https:' || url.protocol === 'http:'
      } catch {
        return false
      }
    }, 'Must be a valid URL'),
  icon: z.enum(SOCIAL_ICONS, { message: 'Icon is required' }),
})

export type SocialLinkValues = z.output<typeof socialLinkSchema>

export const databaseUrlSchema = z.object({
  url: z
    .string({ error: 'Please enter a database URL' })
    .trim()
    .min(1, 'Please enter a database URL')
    .max(2000, 'The database URL is too long')
    .refine(
      (v) => v === '' || /^postgres(?:ql)?:\/\//i.test(v),
      'The database URL must start with postgres:// or postgresql://',
    )
    .refine((v) => {
      if (v === '' || !/^postgres(?:ql)?:\/\//i.test(v)) return true
      try {
        new URL(v)
        return true
      } catch {
        return false
      }
    }, 'The database URL is not valid'),
})

export const REVISIONS_KEPT_MIN = 1
export const REVISIONS_KEPT_MAX = 1000
const REVISIONS_KEPT_MESSAGE = `Keep between ${REVISIONS_KEPT_MIN} and ${REVISIONS_KEPT_MAX} revisions`

/** How long a breaking item stays on the bar after publication unless an editor extends it. */
export const BREAKING_NEWS_HOURS_MIN = 1
export const BREAKING_NEWS_HOURS_MAX = 168
export const BREAKING_NEWS_HOURS_DEFAULT = 12
const BREAKING_NEWS_HOURS_MESSAGE = `Keep breaking news on the bar for ${BREAKING_NEWS_HOURS_MIN} to ${BREAKING_NEWS_HOURS_MAX} hours (a whole number)`

/** A whole number typed in a form field, as a number; anything else as posted, to be refused. */
const wholeNumber = (value: unknown) =>
  typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value

/**
 * The newsroom's settings: the time zone of publish times, how many revisions to keep, and how
 * long breaking news stays on the bar.
 */
export const editorialSettingsSchema = z.object({
  // A zone the server's runtime knows, stored under the name it gives it (an alias such as
  // US/Eastern becomes America/New_York), whatever was posted.
  timeZone: z.string({ error: 'Choose a time zone' }).transform((value, ctx) => {
    const zone = canonicalTimeZone(value)
    if (zone) return zone
    ctx.issues.push({ code: 'custom', message: 'Choose a time zone from the list', input: value })
    return z.NEVER
  }),
  revisionsKept: z.preprocess(
    wholeNumber,
    z
      .number({ error: REVISIONS_KEPT_MESSAGE })
      .int(REVISIONS_KEPT_MESSAGE)
      .min(REVISIONS_KEPT_MIN, REVISIONS_KEPT_MESSAGE)
      .max(REVISIONS_KEPT_MAX, REVISIONS_KEPT_MESSAGE),
  ),
  breakingNewsHours: z.preprocess(
    wholeNumber,
    z
      .number({ error: BREAKING_NEWS_HOURS_MESSAGE })
      .int(BREAKING_NEWS_HOURS_MESSAGE)
      .min(BREAKING_NEWS_HOURS_MIN, BREAKING_NEWS_HOURS_MESSAGE)
      .max(BREAKING_NEWS_HOURS_MAX, BREAKING_NEWS_HOURS_MESSAGE),
  ),
})

export type EditorialSettingsValues = z.output<typeof editorialSettingsSchema>

/** The back office's first question on a new site: the site's time zone. */
export const siteTimeZoneSchema = editorialSettingsSchema.pick({ timeZone: true })

/**
 * The Settings screen's posts, one per card: the logo form, a social link added, edited,
 * hidden or shown again, or deleted,
 * the editorial settings, the two-factor switch, and the database URL tested, saved or
 * switched to.
 */
export const settingsActionSchema = z.discriminatedUnion('intent', [
  logoSettingsSchema.extend({ intent: z.literal('logo') }),
  socialLinkSchema.extend({ intent: z.literal('social-add') }),
  socialLinkSchema.extend({
    intent: z.literal('social-update'),
    id: idField('This link does not exist'),
  }),
  z.object({
    intent: z.literal('social-visibility'),
    id: idField('This link does not exist'),
    active: z
      .enum(['true', 'false'], { error: 'Choose shown or hidden' })
      .transform((v) => v === 'true'),
  }),
  z.object({ intent: z.literal('social-delete'), id: idField('This link does not exist') }),
  editorialSettingsSchema.extend({ intent: z.literal('editorial') }),
  z.object({
    intent: z.literal('two-factor'),
    required: z
      .enum(['true', 'false'], { error: 'Choose on or off' })
      .transform((v) => v === 'true'),
  }),
  // Newsletter measurement (issue 36): clicks through our own redirect, approximate opens.
  z.object({
    intent: z.literal('newsletter-counting'),
    what: z.enum(['clicks', 'opens'], { error: 'Choose clicks or opens' }),
    on: z.enum(['true', 'false'], { error: 'Choose on or off' }).transform((v) => v === 'true'),
  }),
  databaseUrlSchema.extend({ intent: z.literal('db-test') }),
  databaseUrlSchema.extend({ intent: z.literal('db-save') }),
  z.object({
    intent: z.literal('db-switch'),
    to: z.enum(['postgres', 'local'], { error: 'Unknown database' }),
  }),
])
