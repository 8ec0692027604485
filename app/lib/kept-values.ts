/**
 * Values made from a key and kept for the `max` keys used last (the least recently used goes
 * first): for work done on every request whose result repeats from one request to the next
 * (a route's label, a drawn part of the page, a rewritten script), where the keys come from
 * addresses and so must stay bounded. Synchronous, and never emptied by writes: the key must
 * carry everything the value depends on.
 */
export class KeptValues<T> {
  private readonly values = new Map<string, T>()

  constructor(private readonly max: number) {}

  get(key: string, make: () => T): T {
    let value = this.values.get(key)
    if (value !== undefined) {
      // Most recently used last: the first key is the one to let go.
      this.values.delete(key)
    } else {
      value = make()
      if (this.values.size >= this.max) this.values.delete(this.values.keys().next().value!)
    }
    this.values.set(key, value)
    return value
  }

  clear() {
    this.values.clear()
  }
}
