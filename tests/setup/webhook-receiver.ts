import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'

/**
 * A webhook receiver on 127.0.0.1 for tests: verifies each request with the `standardwebhooks`
 * package (the library receivers use) and answers what `answer` says (200 by default).
 */
export interface ReceivedWebhook {
  id: string
  body: { type: string; timestamp: string; data: Record<string, unknown> }
  raw: string
  verified: boolean
  error?: string
  at: number
}

export interface WebhookReceiver {
  url: string
  received: ReceivedWebhook[]
  /** The status the next requests get. */
  answer: number
  secret: string
  close(): Promise<void>
  /** Resolves once `count` requests have come in. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    answer: 200,
    secret: '',
    close: () => new Promise((resolve) => server.close(() => resolve())),
    async waitFor(count, timeoutMs = 20_000) {
      const until = Date.now() + timeoutMs
      while (receiver.received.length < count) {
        if (Date.now() > until)
          throw new Error(`${receiver.received.length} of ${count} webhooks came in`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return receiver.received
    },
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
      )
      let verified = false
      let error: string | undefined
      try {
        new Webhook(receiver.secret).verify(raw, headers)
        verified = true
      } catch (e) {
        error = e instanceof Error ? e.message : String(e)
      }
      receiver.received.push({
        id: headers['webhook-id'] ?? '',
        body: JSON.parse(raw),
        raw,
        verified,
        error,
        at: Date.now(),
      })
      res.writeHead(receiver.answer).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return receiver
}
