// Counts as the desk reads them: "1,204 subscribers", "1 subscriber". Client-safe; one locale
// for every screen so a figure reads the same in a button, a toast and a list.
const number = new Intl.NumberFormat('en-US')

/** A count with thousands separators and its noun, plural unless it is exactly one. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${number.format(count)} ${count === 1 ? singular : plural}`
}
