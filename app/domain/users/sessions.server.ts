import { and, desc, eq, gt } from 'drizzle-orm'
import { sessions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'

export interface ActiveSession {
  id: string
  ipAddress: string | null
  userAgent: string | null
  createdAt: Date
  lastActiveAt: Date
  current: boolean
}

/** The user's unexpired sessions, most recently active first (the profile's list). */
export async function listActiveSessions(
  userId: string,
  currentSessionId: string,
): Promise<ActiveSession[]> {
  const rows = await getDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt))
  return rows.map((row) => ({
    id: row.id,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    createdAt: row.createdAt,
    lastActiveAt: row.updatedAt,
    current: row.id === currentSessionId,
  }))
}

/** Ends one session of the user; a session id of someone else ends nothing. */
export async function revokeUserSession(userId: string, sessionId: string) {
  const deleted = await getDb()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id })
  return deleted.length > 0
}

/** Ends every session of a user: "sign out of all sessions". (A role change ends them itself.) */
export async function revokeUserSessions(userId: string) {
  const deleted = await getDb()
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ id: sessions.id })
  return deleted.length
}
