import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '~/lib/time-zone'

/**
 * The paper's time zone until an admin chooses one (Settings → Editorial): the server's own,
 * from `TZ` or else the zone the runtime resolves, rather than UTC, so a paper started in
 * Paris shows Paris times from its first page. UTC when neither names a zone.
 */
export function serverTimeZone(
  env: string | undefined = process.env.TZ,
  resolved: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone,
): string {
  return canonicalTimeZone(env) ?? canonicalTimeZone(resolved) ?? DEFAULT_TIME_ZONE
}
