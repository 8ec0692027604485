/**
 * The declarations of an inline `style` attribute, names lower-cased. Read from the attribute
 * text rather than `element.style`: a browser drops the `mso-*` properties Word writes (and
 * the list structure hides in them), and a DOM in a test may not parse styles at all.
 */
export function cssDeclarations(style: string | null): Map<string, string> {
  const declarations = new Map<string, string>()
  for (const part of (style ?? '').split(';')) {
    const colon = part.indexOf(':')
    if (colon < 0) continue
    const name = part.slice(0, colon).trim().toLowerCase()
    const value = part
      .slice(colon + 1)
      .replace(/\s+/g, ' ')
      .trim()
    if (name) declarations.set(name, value)
  }
  return declarations
}

/** Bold by its font weight: `bold`, `bolder` or 600 and above; null when it says nothing. */
export function isBoldWeight(weight: string | undefined): boolean | null {
  if (weight === undefined) return null
  const value = weight.toLowerCase()
  if (value === 'bold' || value === 'bolder') return true
  const number = Number(value)
  if (Number.isFinite(number)) return number >= 600
  return false
}
