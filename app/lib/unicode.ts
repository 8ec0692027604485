// PostgreSQL refuses NUL in text and a lone surrogate cannot be encoded as UTF-8, so either
// one in submitted data would surface as a database error (a 500) instead of a field error.
// Checking at the edge lets an action answer 400 and name the field.

// With the u flag a paired surrogate is one code point, so this matches lone halves only.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

export function isWellFormedText(s: string): boolean {
  return !s.includes('\0') && !LONE_SURROGATE.test(s)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

// A malformed key must not leak its bad characters into the path we report.
function displayKey(key: string): string {
  return key.replace(/[\0\uD800-\uDFFF]/gu, '\uFFFD')
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return path === '' ? displayKey(key) : `${path}.${displayKey(key)}`
}

function walkEntries(
  entries: Iterable<[string, unknown]>,
  path: string,
  seen: WeakSet<object>,
): string | null {
  for (const [key, value] of entries) {
    const keyPath = join(path, key)
    if (!isWellFormedText(key)) return keyPath
    const found = walk(value, keyPath, seen)
    if (found !== null) return found
  }
  return null
}

function walk(value: unknown, path: string, seen: WeakSet<object>): string | null {
  if (typeof value === 'string') return isWellFormedText(value) ? null : path
  if (typeof value !== 'object' || value === null || seen.has(value)) return null
  seen.add(value)

  // File names come from the client too (and may be stored as the media title).
  if (typeof File !== 'undefined' && value instanceof File) return walk(value.name, path, seen)
  if (typeof FormData !== 'undefined' && value instanceof FormData) {
    return walkEntries(value.entries(), path, seen)
  }
  if (value instanceof URLSearchParams) return walkEntries(value.entries(), path, seen)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = walk(value[i], join(path, i), seen)
      if (found !== null) return found
    }
    return null
  }
  if (isPlainObject(value)) return walkEntries(Object.entries(value), path, seen)
  return null
}

/**
 * The path of the first string in `value` that is not well-formed (see `isWellFormedText`),
 * or null when all are. Paths look like `title`, `tags[2]`, `author.name`; a FormData or
 * URLSearchParams field is reported by its name, so it maps straight to a field error. When
 * `value` itself is the bad string the path is `$` (never '', which would read as "clean").
 */
export function findMalformedText(value: unknown): string | null {
  const found = walk(value, '', new WeakSet())
  return found === '' ? '$' : found
}
