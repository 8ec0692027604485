// Wall-clock times in a named IANA time zone (the site's `timeZone` setting) and the instants
// they stand for. Pure and client-safe: the server and the browser compute the same answers
// with the zone named explicitly, whatever zone either of them runs in.

export const DEFAULT_TIME_ZONE = 'UTC'

/** `yyyy-MM-ddTHH:mm:ss`: a wall-clock time to the second (`toWallMinute` cuts it for an input). */
export type WallTime = string

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The zone's date and time fields at `instant`. */
function fieldsAt(instant: Date, timeZone: string) {
  const fields: Record<string, string> = {}
  for (const part of partsFormatter(timeZone).formatToParts(instant)) fields[part.type] = part.value
  const year = Number(fields.year)
  return {
    year: fields.era === 'BC' || fields.era === 'B' ? 1 - year : year,
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
  }
}

/** The whole IANA zone names this runtime knows, with UTC first. */
export function timeZoneNames(): string[] {
  const names =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return [DEFAULT_TIME_ZONE, ...names.filter((name) => name !== DEFAULT_TIME_ZONE)]
}

/**
 * The zone's name as this runtime spells it (`US/Eastern` → `America/New_York`, `utc` →
 * `UTC`), or null when it knows no such zone. Offsets (`+02:00`) are not zones: their
 * summer time would be wrong half the year.
 */
export function canonicalTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_/+-]{0,63}$/.test(value)) return null
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

/** Minutes the zone is ahead of UTC at `instant` (Paris in summer: 120). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const f = fieldsAt(instant, timeZone)
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second)
  const whole = Math.floor(instant.getTime() / 1000) * 1000
  return Math.round((asUtc - whole) / 60_000)
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0')

/** `UTC+02:00`, `UTC−03:30`, `UTC`. */
export function formatOffset(minutes: number): string {
  if (minutes === 0) return 'UTC'
  const sign = minutes > 0 ? '+' : '−'
  return `UTC${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`
}

/** The wall-clock time in `timeZone` at `instant`, as a datetime-local input shows it. */
export function toWallTime(instant: Date, timeZone: string): WallTime {
  if (Number.isNaN(instant.getTime())) return ''
  const f = fieldsAt(instant, timeZone)
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}:${pad(f.second)}`
}

/**
 * The wall-clock time in `timeZone` at `instant` to the minute (`yyyy-MM-ddTHH:mm`), the value a
 * datetime-local input shows: no one reads or types seconds (docs/product.md, "Dates and times").
 */
export function toWallMinute(instant: Date, timeZone: string): string {
  return toWallTime(instant, timeZone).slice(0, 16)
}

/**
 * The instant a wall-clock time in `timeZone` stands for, or null when it is not a date and
 * time. Around a change of offset: a time that happens twice (clocks go back) is the first of
 * the two; a time that never happens (clocks go forward) is read with the offset before the
 * change, so 02:30 on the night Paris moves to summer time is 03:30 summer time.
 */
export function fromWallTime(wall: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(wall.trim())
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((v) => Number(v ?? 0))
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second))
  date.setUTCFullYear(year)
  // Out-of-range fields (month 13, 25:00) roll over in Date.UTC: not a real wall time.
  if (
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second
  ) {
    return null
  }
  const asUtc = date.getTime()
  // The offsets a day either side cover any single change of offset around this time.
  const before = zoneOffsetMinutes(new Date(asUtc - 86_400_000), timeZone)
  const after = zoneOffsetMinutes(new Date(asUtc + 86_400_000), timeZone)
  const candidates = [asUtc - before * 60_000, asUtc - after * 60_000]
    .filter((t) => toWallTime(new Date(t), timeZone) === toWallTime(new Date(asUtc), 'UTC'))
    .sort((a, b) => a - b)
  return new Date(candidates[0] ?? asUtc - before * 60_000)
}
