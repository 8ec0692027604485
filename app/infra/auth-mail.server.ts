import { eq } from 'drizzle-orm'
import { siteSettings } from '@db/schema/index'
import { getDb } from './db.server'
import { sendMail } from './mail.server'

/** The brand readers know the site by (docs/product.md §2: the logo text), used in mails and the TOTP issuer. */
export async function getBrandName(): Promise<string> {
  const [row] = await getDb()
    .select({ logoText: siteSettings.logoText })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1)
  return row?.logoText?.trim() || 'Broadsheet'
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
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
  intro: string
  action: string
  url?: string
  code?: string
  outro: string
}) {
  const brand = await getBrandName()
  const lines = [intro, '']
  if (url) lines.push(`${action}:`, url, '')
  if (code) lines.push(`Your one-time code: ${code}`, '')
  lines.push(outro, '', `— ${brand}`)
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` : '',
    code ? `<p>Your one-time code: <strong>${escapeHtml(code)}</strong></p>` : '',
    `<p>${escapeHtml(outro)}</p>`,
    `<p>— ${escapeHtml(brand)}</p>`,
  ].join('\n')
  await sendMail({ to, subject: subject(brand), text: lines.join('\n'), html })
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

/** A staff invitation: the link to the page where the invitee names themselves and sets a password. */
export function sendStaffInvitationMail(
  to: string,
  { url, roleName, days }: { url: string; roleName: string; days: number },
) {
  return sendAuthMail({
    to,
    subject: (brand) => `You are invited to join ${brand} as ${roleName.toLowerCase()}`,
    intro: `You have been invited to the newsroom's back office as ${roleName.toLowerCase()}. Choose the name your bylines will show and a password. The link works once, for ${days} days.`,
    action: 'Accept the invitation',
    url,
    outro: 'If you did not expect this, you can ignore this message.',
  })
}
