import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { resetEnvCache } from '~/infra/env.server'
import { closeMailTransport } from '~/infra/mail.server'

/**
 * A real SMTP server on 127.0.0.1 (an ephemeral port) that keeps what it receives, parsed by
 * mailparser. `refuse` decides, per recipient, an SMTP error to answer at RCPT TO (e.g. 550 for
 * an unknown user, 451 for "try again later"); `keepRaw: false` only counts Message-IDs (the
 * bench's 100,000 messages).
 */
export interface SinkMessage {
  to: string
  messageId: string
  raw: string
  parsed: ParsedMail | null
}

export interface SmtpSink {
  url: string
  port: number
  messages: SinkMessage[]
  /** Message-IDs received per recipient. */
  idsByRecipient(): Map<string, string[]>
  close(): Promise<void>
}

export async function startSmtpSink(
  options: {
    refuse?: (recipient: string, attempt: number) => { code: number; message: string } | null
    keepRaw?: boolean
    /** Milliseconds before each message is accepted: a slow server, so a kill lands mid-send. */
    delayMs?: number
  } = {},
): Promise<SmtpSink> {
  const messages: SinkMessage[] = []
  const attempts = new Map<string, number>()
  const keepRaw = options.keepRaw ?? true
  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    // close() waits this long for clients to hang up before it drops them (30 s by default):
    // a test's sink is closed when its mail is all in, and a pooled client may still be idle.
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase()
      const attempt = (attempts.get(to) ?? 0) + 1
      attempts.set(to, attempt)
      const refusal = options.refuse?.(to, attempt)
      if (refusal) {
        const error = new Error(refusal.message) as Error & { responseCode: number }
        error.responseCode = refusal.code
        return callback(error)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => (options.delayMs ? setTimeout(accept, options.delayMs) : accept()))
      function accept() {
        const raw = Buffer.concat(chunks).toString('utf8')
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? ''
        for (const rcpt of session.envelope.rcptTo) {
          messages.push({
            to: rcpt.address.toLowerCase(),
            messageId,
            raw: keepRaw ? raw : '',
            parsed: null,
          })
        }
        callback()
      }
    },
  }
  const server = new SMTPServer(serverOptions)
  // A connection's error reaches the server as an 'error' event, which without a listener is an
  // uncaught exception in the test process: a sender killed with SIGKILL resets its connection
  // on purpose (newsletter-kill.server.test.ts). Anything else is worth seeing.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') {
      process.stderr.write(`smtp sink: ${error.message}\n`)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    idsByRecipient() {
      const map = new Map<string, string[]>()
      for (const m of messages) map.set(m.to, [...(map.get(m.to) ?? []), m.messageId])
      return map
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export async function parseMessage(message: SinkMessage): Promise<ParsedMail> {
  message.parsed ??= await simpleParser(message.raw)
  return message.parsed
}

/** A sink that receives the site's own mail: SMTP_URL points at it until `stopMailSink`. */
export async function startMailSink(
  options: Parameters<typeof startSmtpSink>[0] = {},
): Promise<SmtpSink> {
  const sink = await startSmtpSink(options)
  process.env.SMTP_URL = sink.url
  resetEnvCache()
  return sink
}

/** The site's mail back to its default, and the sink closed. */
export async function stopMailSink(sink: SmtpSink) {
  closeMailTransport()
  delete process.env.SMTP_URL
  resetEnvCache()
  await sink.close()
}
