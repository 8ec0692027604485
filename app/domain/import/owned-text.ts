/**
 * A copy of `text` that shares no memory with the string it came from. The XML reader's
 * values are pieces of the 256 KB chunk they were read from, and V8 keeps a piece's whole
 * chunk alive for as long as the piece lives: a title kept for every post kept the whole file
 * in memory (a 500 MB export's dry run peaked at 870 MiB). What outlives its item (titles,
 * slugs, ids, addresses kept in lists, maps and sets) is copied once with this; bodies, which
 * die with their item, are not.
 */
export function ownedText(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8')
}
