import { addDays } from 'date-fns'
import { fromWallTime, toWallTime } from '~/lib/time-zone'

/** When a job runs: every so often, once a day at a time in the site's zone, or when work is queued. */
export type JobTrigger =
  | { kind: 'every'; everyMs: number; firstAfterMs?: number }
  | { kind: 'daily'; at: `${number}:${number}`; firstAfterMs?: number }
  | { kind: 'queued'; description: string }

/** A trigger in words, as the Background work screen shows it. */
export function describeTrigger(trigger: JobTrigger, timeZone: string): string {
  switch (trigger.kind) {
    case 'every':
      return `Every ${describeMs(trigger.everyMs)}`
    case 'daily':
      return `Daily at ${trigger.at} (${timeZone})`
    case 'queued':
      return `When queued: ${trigger.description}`
  }
}

function describeMs(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} hours`
  if (ms % 60_000 === 0) return ms === 60_000 ? 'minute' : `${ms / 60_000} minutes`
  return `${ms / 1000} seconds`
}

/**
 * The next time a scheduled trigger fires after `now` (ms since the epoch); `first` for the
 * first run after start. Null for a queued job (its own loop decides).
 */
export function nextRunAt(trigger: JobTrigger, now: number, timeZone: string, first = false) {
  if (trigger.kind === 'every') {
    return now + (first ? (trigger.firstAfterMs ?? trigger.everyMs) : trigger.everyMs)
  }
  if (trigger.kind === 'daily') {
    const daily = nextWallTime(trigger.at, now, timeZone)
    // Also once soon after start, when asked (the vacuum: a restart after an import).
    return first && trigger.firstAfterMs !== undefined
      ? Math.min(daily, now + trigger.firstAfterMs)
      : daily
  }
  return null
}

/** The next instant after `now` at which the wall clock in `timeZone` reads `at` (HH:mm). */
export function nextWallTime(at: string, now: number, timeZone: string): number {
  const today = toWallTime(new Date(now), timeZone).slice(0, 10)
  const [hour, minute] = at.split(':')
  const time = `${hour!.padStart(2, '0')}:${minute!.padStart(2, '0')}`
  for (let days = 0; days <= 2; days++) {
    const day = toWallTime(addDays(new Date(`${today}T12:00:00Z`), days), 'UTC').slice(0, 10)
    const instant = fromWallTime(`${day}T${time}`, timeZone)
    if (instant && instant.getTime() > now) return instant.getTime()
  }
  throw new Error(`No next ${at} in ${timeZone}`)
}
