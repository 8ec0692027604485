import { z } from 'zod'

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

/** Spec §5: logo_type text or image; the other fields are optional. */
export const logoSettingsSchema = z.object({
  logoType: z.enum(['text', 'image'], { message: 'Logo type must be text or image' }),
  logoText: z.string().trim().max(80, 'Logo text is too long').default(''),
  logoTextColor: z
    .string()
    .trim()
    .regex(HEX_COLOUR, 'Colour must look like #000000')
    .default('#000000'),
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

export type LogoSettingsValues = z.output<typeof logoSettingsSchema>

/** Spec §5: platform required, url valid, icon required. */
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
    .string()
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
