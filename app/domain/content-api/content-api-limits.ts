// How much one content key may ask: the route's limiter and the OpenAPI document say the same.

/** Requests per key per minute. */
export const CONTENT_API_RATE_LIMIT_PER_MINUTE = 600
