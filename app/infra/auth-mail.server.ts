import { eq } from 'drizzle-orm'
import { siteSettings } from '@db/schema/index'
import { getDb } from './db.server'
import { sendMail } from './mail.server'
import { renderNoticeMail } from './notice-mail.server'

/** The brand readers know the site by (docs/product.md §2: the logo text), used in mails and the TOTP issuer. */
export async function getBrandName(): Promise<string> {
  const [row] = await getDb()
    .select({ logoText: siteSettings.logoText })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1)
  return row?.logoText?.trim() || 'Broadsheet'
}

async function sendAuthMail({
  to,
  subject,
  intro,
  action,
  url,
  code,
  outro,
}: {
  to: string
  subject: (brand: string) => string
  intro: string | ((brand: string) => string)
  action: string
  url?: string
  code?: string
  outro: string
}) {
  const brand = await getBrandName()
  const mail = await renderNoticeMail({
    brand,
    paragraphs: [typeof intro === 'function' ? intro(brand) : intro],
    action: url ? { label: action, url } : undefined,
    code,
    after: [outro],
  })
  await sendMail({ to, subject: subject(brand), ...mail })
}

const IGNORE = 'If you did not ask for this, you can ignore this message.'

export function sendVerificationMail(to: string, url: string) {
  return sendAuthMail({
    to,
    subject: (brand) => `Confirm your email address for ${brand}`,
    intro: 'Thanks for signing up. Please confirm your email address.',
    action: 'Confirm your email address',
    url,
    outro: IGNORE,
  })
}

export function sendPasswordResetMail(to: string, url: string) {
  return sendAuthMail({
    to,
    subject: (brand) => `Reset your password for ${brand}`,
    intro: 'Someone asked to reset the password of your account. The link works for one hour.',
    action: 'Choose a new password',
    url,
    outro: IGNORE,
  })
}

export function sendMagicLinkMail(to: string, url: string, code?: string) {
  return sendAuthMail({
    to,
    subject: (brand) => `Your sign-in link for ${brand}`,
    intro: 'Use this link to sign in. It works once, for five minutes.',
    action: 'Sign in',
    url,
    code,
    outro: code ? `Or enter the code on the "Verify token" page. ${IGNORE}` : IGNORE,
  })
}

const CODE_PURPOSE: Record<string, string> = {
  'sign-in': 'Enter this code on the "Verify token" page to sign in.',
  'forget-password': 'Enter this code to choose a new password.',
  'email-verification': 'Enter this code to confirm your email address.',
  'change-email': 'Enter this code to confirm your new email address.',
}

export function sendOneTimeCodeMail(to: string, code: string, type = 'sign-in') {
  return sendAuthMail({
    to,
    subject: (brand) => `Your one-time code for ${brand}`,
    intro: `${CODE_PURPOSE[type] ?? CODE_PURPOSE['sign-in']} It works for five minutes.`,
    action: '',
    code,
    outro: IGNORE,
  })
}

/**
 * A staff invitation: who sent it, to what and as what, then the link to the page where the
 * invitee names themselves and sets a password. An invitee who knows the inviter's name trusts
 * the mail; one whose inviter's account is gone is told the rest without a name.
 */
export function sendStaffInvitationMail(
  to: string,
  {
    url,
    roleName,
    days,
    inviterName,
  }: { url: string; roleName: string; days: number; inviterName: string | null },
) {
  const role = roleName.toLowerCase()
  const invited = (brand: string) =>
    inviterName
      ? `${inviterName} invited you to join ${brand} as ${role}`
      : `You are invited to join ${brand} as ${role}`
  return sendAuthMail({
    to,
    subject: invited,
    intro: (brand) =>
      `${invited(brand)}, in the newsroom's back office. Choose the name your bylines will show and a password. The link works once, for ${days} days.`,
    action: 'Accept the invitation',
    url,
    outro: 'If you did not expect this, you can ignore this message.',
  })
}
