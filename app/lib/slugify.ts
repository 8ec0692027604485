// Slug rule (docs/product.md §5): lower-case, each run of characters other than a-z and 0-9 becomes one
// hyphen, leading and trailing hyphens removed. We fold accents first so that "Café" gives
// "cafe" rather than "caf"; the rule without folding would throw the letter away.

// Latin letters that NFKD does not decompose into a base letter plus a mark, so folding alone
// would turn them into hyphens ("Straße" → "stra-e").
const UNDECOMPOSABLE: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
}

export function slugify(text: string): string {
  return (
    text
      // NFKD before lower-casing: compatibility forms such as "㎒" decompose into capitals.
      .normalize('NFKD')
      .toLowerCase()
      .replace(/\p{M}+/gu, '')
      .replace(/[ßæœøđðłþı]/g, (ch) => UNDECOMPOSABLE[ch] ?? ch)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
  )
}

// A guard against a `taken` callback that never says no: better a clear error than a request
// that spins forever.
const MAX_ATTEMPTS = 10_000

/**
 * The first of `base`, `base-2`, `base-3`… that `taken` rejects. Slugs are unique per table
 * (docs/product.md "Where we differ" 5), so `taken` should look at the whole table. The caller
 * still needs a unique index: two concurrent saves can both see a candidate as free.
 */
export async function uniqueSlug(
  base: string,
  taken: (candidate: string) => boolean | Promise<boolean>,
): Promise<string> {
  const root = base === '' ? 'untitled' : base
  if (!(await taken(root))) return root
  for (let n = 2; n <= MAX_ATTEMPTS; n++) {
    const candidate = `${root}-${n}`
    if (!(await taken(candidate))) return candidate
  }
  throw new Error(`uniqueSlug: no free slug for "${root}" after ${MAX_ATTEMPTS} attempts`)
}
