import { hash, verify } from '@node-rs/argon2'
import { verifyPassword as verifyScrypt } from 'better-auth/crypto'

/**
 * argon2id at the OWASP ASVS level 2 minimum (19 MiB, 2 passes, 1 lane) instead of
 * better-auth's default scrypt. Hashes made before the switch (scrypt, `salt:key`) still verify.
 */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unusable under verbatimModuleSyntax */ as const,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string
  password: string
}) {
  if (stored.startsWith('$argon2')) {
    try {
      return await verify(stored, password)
    } catch {
      return false
    }
  }
  return verifyScrypt({ hash: stored, password })
}
