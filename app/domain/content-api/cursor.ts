// The articles list's cursor: the last row given, as (published_at to the microsecond, id),
// opaque to callers (base64url of JSON) so its shape may change without breaking them.

export interface ArticleCursor {
  /** ISO 8601 in UTC with microseconds, as the database holds it. */
  at: string
  id: number
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/

export function encodeCursor(cursor: ArticleCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url')
}

/** The cursor `text` names, or null when it is not one `encodeCursor` made. */
export function decodeCursor(text: string): ArticleCursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
    if (!Array.isArray(value) || value.length !== 2) return null
    const [at, id] = value as unknown[]
    if (typeof at !== 'string' || !AT.test(at) || Number.isNaN(Date.parse(at))) return null
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null
    return { at, id }
  } catch {
    return null
  }
}
