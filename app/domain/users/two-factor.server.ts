import { symmetricDecrypt } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import { twoFactors } from '@db/schema/index'
import { getAuth } from '~/infra/auth.server'
import { getDb } from '~/infra/db.server'

export interface TwoFactorEnrolment {
  /** data:image/png;base64 QR code of the otpauth:// URI. */
  qrCode: string
  /** The same secret in base32, for typing into an app by hand. */
  manualKey: string
}

export type TwoFactorStatus =
  { state: 'off' } | { state: 'pending'; enrolment: TwoFactorEnrolment } | { state: 'on' }

function base32(bytes: Buffer) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31]
  return out
}

async function secretConfig() {
  return (await getAuth().$context).secretConfig
}

/**
 * Where the user's two-factor set-up stands. A started, unconfirmed enrolment is shown again
 * (QR code and key) until it is confirmed with a code or cancelled, so a wrong code or a
 * reload never loses it.
 */
export async function getTwoFactorStatus(
  user: { id: string; email: string; twoFactorEnabled: boolean },
  issuer: string,
): Promise<TwoFactorStatus> {
  const [row] = await getDb()
    .select({ secret: twoFactors.secret, verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, user.id))
    .limit(1)
  if (user.twoFactorEnabled && row?.verified !== false) return { state: 'on' }
  if (!row || row.verified !== false) return { state: 'off' }
  const secret = await symmetricDecrypt({ key: await secretConfig(), data: row.secret })
  const manualKey = base32(Buffer.from(secret, 'utf8'))
  const label = encodeURIComponent(`${issuer}:${user.email}`)
  const uri = `otpauth://totp/${label}?secret=${manualKey}&issuer=${encodeURIComponent(issuer)}&digits=6&period=30`
  // Loaded when someone sets up two-factor sign-in, not at start-up.
  const { default: QRCode } = await import('qrcode')
  const qrCode = await QRCode.toDataURL(uri, { margin: 1, width: 220 })
  return {
    state: 'pending',
    enrolment: { qrCode, manualKey: manualKey.replace(/(.{4})/g, '$1 ').trim() },
  }
}

/**
 * Drops a started, unconfirmed enrolment. Two-factor that is already on stays: it is turned
 * off only with the password (`disableTwoFactor`).
 */
export async function cancelTwoFactorEnrolment(user: { id: string; twoFactorEnabled: boolean }) {
  if (user.twoFactorEnabled) return
  await getDb().delete(twoFactors).where(eq(twoFactors.userId, user.id))
}

/** The backup codes, readable only on the server; shown once, right after enrolment. */
export async function readBackupCodes(userId: string): Promise<string[]> {
  const [row] = await getDb()
    .select({ backupCodes: twoFactors.backupCodes })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .limit(1)
  if (!row) return []
  const json = await symmetricDecrypt({ key: await secretConfig(), data: row.backupCodes })
  const codes: unknown = JSON.parse(json)
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : []
}
