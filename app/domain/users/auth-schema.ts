import { z } from 'zod'

/**
 * The auth forms' schemas, shared by the browser (checked before submitting) and the server
 * (checked again in every action). Field messages follow docs/product.md §5 where it names one.
 */
export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

export const EMPTY_EMAIL_MESSAGE = 'You must provide an email address'

const email = z
  .string({ error: EMPTY_EMAIL_MESSAGE })
  .trim()
  .min(1, EMPTY_EMAIL_MESSAGE)
  .max(254, 'Email address is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((value) => value.toLowerCase())

/** An address as every form takes it: trimmed, checked, lower-cased. */
export const emailSchema = email

const password = z.string({ error: 'Password is required' }).min(1, 'Password is required')

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)

export const signInSchema = z.object({
  email,
  password: password.max(MAX_PASSWORD_LENGTH, 'Invalid email or password'),
  redirectTo: z.string().optional(),
})

export const signUpSchema = z.object({
  email,
  password: newPasswordSchema,
  // Where the reader was going (a story's wall): kept on this site by safeRedirect.
  redirectTo: z.string().optional(),
})

export const forgotPasswordSchema = z.object({ email })

export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'This reset link is invalid or has expired.'),
  password: newPasswordSchema,
})

export const magicLinkSchema = z.object({ email, redirectTo: z.string().optional() })

export const verifyOtpSchema = z.object({
  email,
  token: z
    .string({ error: 'Enter the code from the email' })
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
})

/** A TOTP code (6 digits) or a backup code (xxxxx-xxxxx). */
export const twoFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .min(1, 'Enter the code from your authenticator app')
    .max(32, 'That is not a valid code')
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'That is not a valid code'),
  redirectTo: z.string().optional(),
})

export const totpCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
})

export const usernameSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(40, 'Username must be at most 40 characters')
    .regex(/^[\p{L}\p{N}._-]+$/u, 'Use letters, numbers, dots, hyphens and underscores only'),
})

export const changePasswordSchema = z.object({
  currentPassword: password,
  newPassword: newPasswordSchema,
})

export const passwordConfirmSchema = z.object({ password })
