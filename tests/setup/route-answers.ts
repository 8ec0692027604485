import type { data } from 'react-router'

// A route's answer as a test reads it, thrown or returned, a Response or React Router's
// `data()`. The value `data()` gives is told by its public fields (`data`, `init`), the ones
// its type declares: its class is exported only as UNSAFE_DataWithResponseInit and its `type`
// tag is an internal, so a test that checked either would break on an upgrade
// (docs/architecture.md, "The stack": public APIs only).

/** What `data(value, init)` gives, by its public fields. */
export type DataAnswer = ReturnType<typeof data<unknown>>

/** True for what `data()` gave: an object with its `data` and its `init` (null or an object). */
export function isDataAnswer(value: unknown): value is DataAnswer {
  if (typeof value !== 'object' || value === null || value instanceof Response) return false
  if (!('data' in value) || !('init' in value)) return false
  return value.init === null || typeof value.init === 'object'
}

/** A `data()` answer as the Response React Router would send for it. */
export function dataAnswerResponse(answer: DataAnswer): Response {
  return Response.json(answer.data, answer.init ?? {})
}

/**
 * The status, headers and body of a thrown `data()` (a 404, a 400, a refusal), as React Router
 * renders it in the route's ErrorBoundary: 500 when it names no status. Anything else thrown
 * is thrown on.
 */
export function thrownDataAnswer(thrown: unknown) {
  if (!isDataAnswer(thrown)) throw thrown
  return {
    status: thrown.init?.status ?? 500,
    headers: new Headers(thrown.init?.headers),
    location: null,
    data: thrown.data,
  }
}
