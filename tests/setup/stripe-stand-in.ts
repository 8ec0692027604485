import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { resetEnvCache } from '~/infra/env.server'

/*
 * A local stand-in for Stripe on 127.0.0.1, for the tests: the official SDK is pointed at it
 * with its documented `host`, `port` and `protocol` options (STRIPE_API_HOST, STRIPE_API_PORT,
 * STRIPE_API_PROTOCOL), and it answers the few calls the site makes (customers, products,
 * prices, Checkout sessions, subscriptions, the Customer Portal, invoices) with objects of
 * Stripe's shapes. Its hosted pages (/checkout/…, /portal/…) stand in for Checkout and the
 * portal in the browser. What Stripe would announce, it sends to the site's webhook address,
 * signed with the webhook secret by the SDK's own test-header helper; tests drive the rest
 * (renewals, failed payments, lapses, replays, events out of order) through its methods.
 */

type Json = Record<string, unknown>

export interface StandInSubscription {
  id: string
  customer: string
  status: Stripe.Subscription.Status
  price: string
  cancelAtPeriodEnd: boolean
  periodStart: number
  periodEnd: number
  trialEnd: number | null
  endedAt: number | null
  metadata: Record<string, string>
}

export interface StripeStandIn {
  url: string
  port: number
  /** The env the site needs to talk to this stand-in. */
  env: Record<string, string>
  customers: Map<string, Json>
  prices: Map<string, Json>
  subscriptions: Map<string, StandInSubscription>
  /** Every event sent, in order, with the site's answer status. */
  sent: { event: Stripe.Event; status: number }[]
  /** The clock of the stand-in (seconds); tests move it. */
  now: number
  /** Stripe unreachable while set: every API call answers 503 (the SDK gives up after its retries). */
  failing: boolean
  /** Completes a Checkout session as the hosted page's "Pay" would. */
  completeCheckout(sessionId: string): Promise<StandInSubscription>
  /** A renewal: a new period, paid. */
  renew(subscriptionId: string): Promise<void>
  /** A renewal whose payment fails: past due. */
  failPayment(subscriptionId: string): Promise<void>
  /** The reader cancels in the portal: at the end of the period. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>
  /** The period ends without payment, or after a cancel: the subscription is over. */
  end(subscriptionId: string): Promise<void>
  /** Builds (and returns) an event of `type` for a subscription, without sending it. */
  eventFor(type: string, subscriptionId: string): Stripe.Event
  /** Sends an event to the site (again, or late), signed; returns the site's status. */
  send(event: Stripe.Event): Promise<number>
  close(): Promise<void>
}

const DAY = 86_400

function id(prefix: string) {
  return `${prefix}_${randomBytes(8).toString('hex')}`
}

/** Stripe's form encoding read back: `a[b][0][c]=v` into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const out: Json = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p) => p !== '')
    let target: Record<string, unknown> = out
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        target[part] = value
        return
      }
      target[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}
      target = target[part] as Record<string, unknown>
    })
  }
  return out
}

export async function startStripeStandIn(options: {
  /** Where the site takes Stripe's webhooks (POST). */
  webhookUrl: string
  webhookSecret?: string
  now?: number
  /** A fixed port (the end-to-end server is told it in advance); else any free one. */
  port?: number
}): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(12).toString('hex')}`
  const signer = new Stripe('sk_test_stand_in')
  const customers = new Map<string, Json>()
  const products = new Map<string, Json>()
  const prices = new Map<string, Json>()
  const sessions = new Map<string, Json>()
  const portals = new Map<string, Json>()
  const subscriptions = new Map<string, StandInSubscription>()
  const invoices: Json[] = []
  const sent: StripeStandIn['sent'] = []
  let url = ''

  const subscriptionObject = (sub: StandInSubscription): Json => ({
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    ended_at: sub.endedAt,
    trial_end: sub.trialEnd,
    metadata: sub.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          price: prices.get(sub.price),
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
        },
      ],
    },
  })

  const standIn: StripeStandIn = {
    url: '',
    port: 0,
    env: {},
    customers,
    prices,
    subscriptions,
    sent,
    now: options.now ?? Math.floor(Date.now() / 1000),
    failing: false,
    async completeCheckout(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No Checkout session ${sessionId}`)
      const lineItems = session.line_items as { price: string }[]
      const data = (session.subscription_data ?? {}) as {
        trial_period_days?: string
        metadata?: Record<string, string>
      }
      const trialDays = Number(data.trial_period_days ?? 0)
      const price = prices.get(lineItems[0]!.price)!
      const interval = (price.recurring as { interval: string }).interval
      // Checkout makes the customer when the site gave only an address.
      if (!session.customer) {
        const customer = { id: id('cus'), object: 'customer', email: session.customer_email }
        customers.set(customer.id, customer)
        session.customer = customer.id
      }
      const sub: StandInSubscription = {
        id: id('sub'),
        customer: String(session.customer),
        status: trialDays > 0 ? 'trialing' : 'active',
        price: String(price.id),
        cancelAtPeriodEnd: false,
        periodStart: standIn.now,
        periodEnd: standIn.now + (trialDays > 0 ? trialDays : interval === 'year' ? 365 : 30) * DAY,
        trialEnd: trialDays > 0 ? standIn.now + trialDays * DAY : null,
        endedAt: null,
        metadata: { ...(data.metadata ?? {}) },
      }
      subscriptions.set(sub.id, sub)
      Object.assign(session, { status: 'complete', subscription: sub.id })
      await standIn.send(event('checkout.session.completed', session))
      await standIn.send(standIn.eventFor('customer.subscription.created', sub.id))
      if (sub.status === 'active') await paid(sub)
      return sub
    },
    async renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!
      const length = sub.periodEnd - sub.periodStart
      Object.assign(sub, {
        status: 'active',
        periodStart: sub.periodEnd,
        periodEnd: sub.periodEnd + Math.max(length, 30 * DAY),
        trialEnd: null,
      })
      await paid(sub)
      await standIn.send(standIn.eventFor('customer.subscription.updated', sub.id))
    },
    async failPayment(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!
      sub.status = 'past_due'
      const invoice = invoiceOf(sub, 'open')
      await standIn.send(event('invoice.payment_failed', invoice))
      await standIn.send(standIn.eventFor('customer.subscription.updated', sub.id))
    },
    async cancelAtPeriodEnd(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!
      sub.cancelAtPeriodEnd = true
      await standIn.send(standIn.eventFor('customer.subscription.updated', sub.id))
    },
    async end(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!
      Object.assign(sub, { status: 'canceled', endedAt: standIn.now })
      await standIn.send(standIn.eventFor('customer.subscription.deleted', sub.id))
    },
    eventFor(type, subscriptionId) {
      return event(type, subscriptionObject(subscriptions.get(subscriptionId)!))
    },
    async send(ev) {
      const payload = JSON.stringify(ev)
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })
      const answer = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      })
      await answer.arrayBuffer()
      sent.push({ event: ev, status: answer.status })
      return answer.status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }

  function event(type: string, object: Json): Stripe.Event {
    return {
      id: id('evt'),
      object: 'event',
      type,
      created: standIn.now,
      api_version: Stripe.API_VERSION,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    } as unknown as Stripe.Event
  }

  function invoiceOf(sub: StandInSubscription, status: 'paid' | 'open'): Json {
    const price = prices.get(sub.price)!
    const invoice = {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status,
      amount_paid: status === 'paid' ? price.unit_amount : 0,
      amount_due: price.unit_amount,
      currency: price.currency,
      created: standIn.now,
      hosted_invoice_url: `${url}/invoice`,
      parent: { subscription_details: { subscription: sub.id } },
    }
    invoices.push(invoice)
    return invoice
  }

  async function paid(sub: StandInSubscription) {
    await standIn.send(event('invoice.paid', invoiceOf(sub, 'paid')))
  }

  function api(method: string, path: string, body: Json): [number, Json] {
    const [, , resource, key] = path.split('/')
    if (standIn.failing) {
      return [503, { error: { type: 'api_error', message: 'Stripe is unavailable (stand-in)' } }]
    }
    // A customer's subscriptions: all but the cancelled ones unless `status` says otherwise.
    if (method === 'GET' && resource === 'subscriptions' && !key) {
      const status = typeof body.status === 'string' ? body.status : null
      const data = [...subscriptions.values()]
        .filter((sub) => !body.customer || sub.customer === body.customer)
        .filter((sub) =>
          status === 'all' ? true : status ? sub.status === status : sub.status !== 'canceled',
        )
        .map(subscriptionObject)
      return [200, { object: 'list', url: '/v1/subscriptions', data, has_more: false }]
    }
    if (method === 'POST' && resource === 'customers' && !key) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email,
        metadata: body.metadata ?? {},
      }
      customers.set(customer.id, customer)
      return [200, customer]
    }
    if (method === 'POST' && resource === 'products') {
      const product = {
        id: id('prod'),
        object: 'product',
        name: body.name,
        metadata: body.metadata ?? {},
      }
      products.set(product.id, product)
      return [200, product]
    }
    if (method === 'POST' && resource === 'prices') {
      const price = {
        id: id('price'),
        object: 'price',
        product: body.product,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring,
        metadata: body.metadata ?? {},
      }
      prices.set(price.id, price)
      return [200, price]
    }
    if (method === 'POST' && resource === 'checkout' && key === 'sessions') {
      const lineItems = body.line_items as { price: string }[] | undefined
      if (!lineItems?.[0]?.price || !prices.has(lineItems[0].price)) {
        return [400, { error: { type: 'invalid_request_error', message: 'No such price' } }]
      }
      const sessionId = id('cs')
      const session = {
        ...body,
        id: sessionId,
        object: 'checkout.session',
        status: 'open',
        url: `${url}/checkout/${sessionId}`,
      }
      sessions.set(sessionId, session)
      return [200, session]
    }
    if (resource === 'subscriptions' && key) {
      const sub = subscriptions.get(key)
      if (!sub)
        return [404, { error: { type: 'invalid_request_error', message: 'No such subscription' } }]
      if (method === 'POST' && body.cancel_at_period_end !== undefined) {
        sub.cancelAtPeriodEnd = body.cancel_at_period_end === 'true'
      }
      if (method === 'DELETE') Object.assign(sub, { status: 'canceled', endedAt: standIn.now })
      return [200, subscriptionObject(sub)]
    }
    if (method === 'POST' && resource === 'billing_portal' && key === 'sessions') {
      const portalId = id('bps')
      const portal = {
        id: portalId,
        object: 'billing_portal.session',
        ...body,
        url: `${url}/portal/${portalId}`,
      }
      portals.set(portalId, portal)
      return [200, portal]
    }
    if (method === 'GET' && resource === 'invoices') {
      return [
        200,
        {
          object: 'list',
          data: invoices.filter((i) => i.customer === body.customer),
          has_more: false,
        },
      ]
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unknown ${method} ${path}` } }]
  }

  const page = (title: string, inner: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><main><h1>${title}</h1>${inner}</main></body></html>`

  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      void (async () => {
        const address = new URL(req.url ?? '/', url)
        const method = req.method ?? 'GET'
        const [, first, second, third] = address.pathname.split('/')
        if (first === 'healthz') {
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
          return
        }
        if (first === 'v1') {
          const input =
            method === 'GET' ? Object.fromEntries(address.searchParams) : parseStripeForm(body)
          const [status, json] = api(method, address.pathname, input)
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
          return
        }
        if (first === 'checkout' && second && sessions.has(second)) {
          const session = sessions.get(second)!
          if (method === 'POST' && third === 'pay') {
            await standIn.completeCheckout(second)
            res.writeHead(303, { location: String(session.success_url) }).end()
            return
          }
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              page(
                'Checkout (test stand-in)',
                `<form method="post" action="/checkout/${second}/pay"><button type="submit">Pay and subscribe</button></form><a href="${String(session.cancel_url)}">Back</a>`,
              ),
            )
          return
        }
        if (first === 'portal' && second && portals.has(second)) {
          const portal = portals.get(second)!
          const sub = [...subscriptions.values()].find((s) => s.customer === portal.customer)
          if (method === 'POST' && third === 'cancel' && sub) {
            await standIn.cancelAtPeriodEnd(sub.id)
            res.writeHead(303, { location: String(portal.return_url) }).end()
            return
          }
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(
              page(
                'Customer portal (test stand-in)',
                `${sub ? `<form method="post" action="/portal/${second}/cancel"><button type="submit">Cancel plan</button></form>` : '<p>No subscription.</p>'}<a href="${String(portal.return_url)}">Return</a>`,
              ),
            )
          return
        }
        res.writeHead(404).end()
      })().catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  url = `http://127.0.0.1:${port}`
  Object.assign(standIn, {
    url,
    port,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(port),
      STRIPE_API_PROTOCOL: 'http',
    },
  })
  return standIn
}

/**
 * Points the site in this process at `stripe` (its STRIPE_* settings) and returns what puts the
 * settings back as they were.
 */
export function useStripeStandIn(stripe: Pick<StripeStandIn, 'env'>): () => void {
  const saved: Record<string, string | undefined> = {}
  for (const [key, value] of Object.entries(stripe.env)) {
    saved[key] = process.env[key]
    process.env[key] = value
  }
  resetEnvCache()
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
    resetEnvCache()
  }
}
