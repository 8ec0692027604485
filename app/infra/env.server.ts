import path from 'node:path'
import { z } from 'zod'
import { canonicalTimeZone } from '~/lib/time-zone'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** A key that may be left out or set empty (the same: not set). */
const optionalSecret = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined)

const SIZE_UNITS = { '': 1, kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const

/** A size in bytes, or with PostgreSQL's units: `33554432`, `32MB`, `512kB`. */
const byteSize = z
  .string()
  .regex(/^\d+\s*(?:kB|MB|GB)?$/, 'a size such as 32MB, 512kB or a number of bytes')
  .transform((v) => {
    const [, amount, unit = ''] = /^(\d+)\s*(kB|MB|GB)?$/.exec(v)!
    return Number(amount) * SIZE_UNITS[unit as keyof typeof SIZE_UNITS]
  })

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** A read replica of DATABASE_URL: public reads (pages, listings, search) go there. */
  DATABASE_READ_URL: z.string().optional(),
  /** Seconds to wait for a database connection (or a free one in the pool) before a 503. */
  DATABASE_CONNECT_TIMEOUT: z.coerce.number().positive().max(60).default(3),
  /** Seconds a SIGTERM waits for requests in flight before closing what is left. */
  DRAIN_TIMEOUT: z.coerce.number().min(0).max(600).default(10),
  /**
   * Seconds a SIGTERM keeps taking requests after /readyz turns 503, before draining: long
   * enough for a balancer's health check to take the instance out (Varnish's probe: 3).
   */
  STOP_DELAY: z.coerce.number().min(0).max(60).default(0),
  /** /metrics answers a request with `Authorization: Bearer <METRICS_TOKEN>`… */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** …or from one of these client addresses (comma-separated); else it is a 404. */
  METRICS_ALLOW: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  SITE_URL: z.string().url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** The first admin's display name; without it the back office asks at the first visit. */
  ADMIN_NAME: z.string().trim().min(1).max(80).optional(),
  /**
   * The site's time zone, chosen at first start (IANA, e.g. Europe/Paris); without it the back
   * office asks the first admin, proposing the browser's zone.
   */
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined
      const zone = canonicalTimeZone(value)
      if (!zone) ctx.addIssue({ code: 'custom', message: `Unknown time zone: ${value}` })
      return zone ?? undefined
    }),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  PAGE_CACHE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  PAGE_CACHE_MAX_BYTES: byteSize.default(32 * 1024 * 1024),
  /** Seconds an expired page is kept to answer requests the render queue refuses. */
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /**
   * Renders in flight, bounded (decision 0047): requests for React Router beyond
   * RENDERS_IN_FLIGHT wait in arrival order, at most RENDER_QUEUE_MAX of them and
   * RENDER_QUEUE_TIMEOUT_MS each; past either they get a stale copy or a 503 at once.
   */
  RENDER_QUEUE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Unset: 1 on PGlite, one per core on PostgreSQL (server/render-queue.ts). */
  RENDERS_IN_FLIGHT: z.coerce.number().int().min(1).max(1000).optional(),
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(200),
  RENDER_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Broadsheet <no-reply@localhost>'),
  /** Newsletter messages per minute, per instance; 0: as fast as the SMTP server takes them. */
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /** SMTP connections the pooled transport keeps open. */
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(5),
  /** DKIM signing (nodemailer's signer): all three, the key inline or in a file. */
  DKIM_DOMAIN: z.string().optional(),
  DKIM_SELECTOR: z.string().optional(),
  DKIM_PRIVATE_KEY: z.string().optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().optional(),
  REQUIRE_EMAIL_VERIFICATION: booleanFlag,
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  /**
   * Reader revenue's payments (issue 38), through Stripe: the secret key (sk_…), the webhook
   * endpoint's signing secret (whsec_…) and the publishable key (pk_…). Without the secret key
   * subscriptions are not open: /subscribe shows the plans and says so; everything else works.
   */
  STRIPE_SECRET_KEY: optionalSecret,
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  STRIPE_PUBLISHABLE_KEY: optionalSecret,
  /**
   * Where the Stripe SDK sends its calls, for a local stand-in (the tests'): the SDK's own
   * `host`, `port` and `protocol` options. Unset: Stripe's API.
   */
  STRIPE_API_HOST: optionalSecret,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /** Lets an import fetch images from private, loopback and link-local addresses (tests, an intranet). */
  IMPORT_FETCH_ALLOW_PRIVATE: booleanFlag,
  /** Lets an embed's oEmbed and picture come from private and loopback addresses (tests, an intranet). */
  EMBED_FETCH_ALLOW_PRIVATE: booleanFlag,
  /** Lets webhook endpoints be private, loopback and link-local addresses (tests, local receivers). */
  WEBHOOK_ALLOW_PRIVATE: booleanFlag,
  /**
   * Asks every provider's oEmbed at this origin instead of the provider's own, with the same
   * path and query (a local stand-in in tests). Unset: each provider's endpoint.
   */
  EMBED_OEMBED_ORIGIN: z.string().url().optional(),
  /**
   * Varnish in front of the site (docs/deploy.md, "Behind Varnish"): its addresses,
   * comma-separated (`http://127.0.0.1:6081,http://10.0.0.5:6081`); each change purges the
   * pages that show it there by key (app/infra/varnish-purge.server.ts).
   */
  VARNISH_URL: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const addresses = v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean)
      for (const address of addresses) {
        if (!/^https?:\/\/[^/\s]+\/?$/.test(address) || !URL.canParse(address))
          ctx.addIssue({
            code: 'custom',
            message: `${address} is not an http:// address such as http://127.0.0.1:6081`,
          })
      }
      return addresses
    }),
  /** `soft` (stale, served once more while refetched) or `hard` (gone at once). */
  VARNISH_PURGE: z.enum(['soft', 'hard']).default('soft'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
})

export type Env = z.infer<typeof envSchema> & { dataDir: string; siteUrl: string }

let cached: Env | undefined

/** The validated environment; a bad value stops the process at start with a readable list. */
export function getEnv(): Env {
  if (cached) return cached
  const parsed = envSchema.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `  ${i.path.join('.')}: ${i.message}`)
      .join('\n')
    throw new Error(`Invalid environment configuration:\n${problems}`)
  }
  const env = parsed.data
  cached = {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  }
  return cached
}

/** Tests change variables between cases; this forgets the cached parse. */
export function resetEnvCache() {
  cached = undefined
}
