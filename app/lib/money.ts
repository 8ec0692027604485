/**
 * Prices in the paper's currency (issue 38): typed by an admin in the currency's major unit
 * ("7.50"), stored in its minor unit (cents; the whole amount for a currency without one, such
 * as JPY), shown by the browser's and server's own `Intl`. Pure: safe on both sides.
 */

/** The currencies the access settings offer, by ISO 4217 code, with their English names. */
export const CURRENCIES = [
  ['USD', 'US dollar'],
  ['EUR', 'Euro'],
  ['GBP', 'Pound sterling'],
  ['CAD', 'Canadian dollar'],
  ['AUD', 'Australian dollar'],
  ['NZD', 'New Zealand dollar'],
  ['CHF', 'Swiss franc'],
  ['SEK', 'Swedish krona'],
  ['NOK', 'Norwegian krone'],
  ['DKK', 'Danish krone'],
  ['PLN', 'Polish złoty'],
  ['CZK', 'Czech koruna'],
  ['JPY', 'Japanese yen'],
  ['INR', 'Indian rupee'],
  ['BRL', 'Brazilian real'],
  ['MXN', 'Mexican peso'],
  ['ZAR', 'South African rand'],
  ['SGD', 'Singapore dollar'],
  ['HKD', 'Hong Kong dollar'],
] as const satisfies readonly (readonly [string, string])[]

export type CurrencyCode = (typeof CURRENCIES)[number][0]

export const CURRENCY_CODES = CURRENCIES.map(([code]) => code) as [CurrencyCode, ...CurrencyCode[]]

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value)
}

/** Digits after the point in `currency`'s major unit: 2 for USD, 0 for JPY. */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  )
}

/**
 * A price typed in the major unit ("7.5", "12") in the minor unit (750, 1200), or null when it
 * has more decimals than the currency has (a fraction of a yen).
 */
export function toMinorUnits(amount: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim())
  if (!match) return null
  const digits = minorDigits(currency)
  const [, whole, fraction = ''] = match
  if (fraction.replace(/0+$/, '').length > digits) return null
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || 0)
}

/** A stored minor-unit amount as the admin types it: 750 → "7.50", 1200 → "12.00", ¥800 → "800". */
export function toMajorUnits(minor: number, currency: string): string {
  const digits = minorDigits(currency)
  return (minor / 10 ** digits).toFixed(digits)
}

/** A stored amount for a reader: "$7.50", "€12", "¥800" (whole amounts without ".00"). */
export function formatPrice(minor: number, currency: string, locale = 'en-US'): string {
  const digits = minorDigits(currency)
  const whole = minor % 10 ** digits === 0
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits)
}
