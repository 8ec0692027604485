import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import type { Transporter } from 'nodemailer'
import type Mail from 'nodemailer/lib/mailer'
import type DKIM from 'nodemailer/lib/dkim'
import { getEnv } from './env.server'
import { logger } from './logger.server'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export function outboxDir() {
  return path.join(getEnv().dataDir, 'outbox')
}

let transport: Transporter | undefined
let transportUrl: string | undefined

/**
 * The header fields a signature covers: nodemailer's own list (RFC 4871 §5.5) and
 * List-Unsubscribe-Post, which it leaves out although RFC 8058 §4 honours a one-click
 * unsubscribe only when DKIM covers it as well as List-Unsubscribe.
 */
const DKIM_SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:' +
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:' +
  'Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:' +
  'List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:' +
  'List-Archive'

/** DKIM_DOMAIN, DKIM_SELECTOR and a key (inline or DKIM_PRIVATE_KEY_FILE): all or none. */
export function dkimOptions(): DKIM.Options | undefined {
  const env = getEnv()
  const key =
    env.DKIM_PRIVATE_KEY?.replace(/\\n/g, '\n') ??
    (env.DKIM_PRIVATE_KEY_FILE ? readFileSync(env.DKIM_PRIVATE_KEY_FILE, 'utf8') : undefined)
  const given = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, key].filter(Boolean).length
  if (given === 0) return undefined
  if (given < 3) {
    throw new Error(
      'DKIM signing needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE)',
    )
  }
  return {
    domainName: env.DKIM_DOMAIN!,
    keySelector: env.DKIM_SELECTOR!,
    privateKey: key!,
    headerFieldNames: DKIM_SIGNED_FIELDS,
  }
}

/**
 * One pooled SMTP transport per process (SMTP_URL): a newsletter of 100,000 messages goes
 * through a few long-lived connections instead of a handshake per message. Every message is
 * DKIM-signed when a key is configured.
 */
async function smtpTransport(url: string): Promise<Transporter> {
  if (transport && transportUrl === url) return transport
  transport?.close()
  const { default: nodemailer } = await import('nodemailer')
  const pooled = new URL(url)
  // Options given beside a URL are ignored by createTransport: the pool goes in the URL.
  pooled.searchParams.set('pool', 'true')
  if (!pooled.searchParams.has('maxConnections')) {
    pooled.searchParams.set('maxConnections', String(getEnv().SMTP_POOL_SIZE))
  }
  if (!pooled.searchParams.has('maxMessages')) pooled.searchParams.set('maxMessages', 'Infinity')
  const dkim = dkimOptions()
  transport = nodemailer.createTransport(pooled.href, dkim ? { dkim } : {})
  transportUrl = url
  return transport
}

/** Closes the pooled connections (shutdown, tests). */
export function closeMailTransport() {
  transport?.close()
  transport = undefined
  transportUrl = undefined
}

/** Where mail goes: an SMTP server, or the outbox folder. */
export function mailDestination(): 'smtp' | 'outbox' {
  return getEnv().SMTP_URL ? 'smtp' : 'outbox'
}

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to DATA_DIR/outbox as an .eml
 * file and its first link logged, so every mail flow works with no mail server.
 */
export async function sendMail(message: MailMessage): Promise<{ id: string; file?: string }> {
  const env = getEnv()
  if (env.SMTP_URL) {
    const info = await (
      await smtpTransport(env.SMTP_URL)
    ).sendMail({ from: env.MAIL_FROM, ...message })
    return { id: info.messageId }
  }
  return writeToOutbox({ from: env.MAIL_FROM, ...message }, message.text)
}

async function writeToOutbox(
  message: Mail.Options,
  text: string,
  quiet = false,
): Promise<{ id: string; file: string }> {
  // Loaded on the first mail, not at start-up.
  const { default: nodemailer } = await import('nodemailer')
  const dkim = dkimOptions()
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    ...(dkim ? { dkim } : {}),
  })
  const info = await stream.sendMail(message)
  const dir = outboxDir()
  await fs.mkdir(dir, { recursive: true })
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`
  const file = path.join(dir, `${id}.eml`)
  await fs.writeFile(file, info.message as Buffer)
  const link = /https?:\/\/\S+/.exec(text)?.[0]
  // A newsletter writes thousands: those are logged at debug level only.
  logger[quiet ? 'debug' : 'info'](
    { to: message.to, subject: message.subject, file, link },
    'mail written to outbox',
  )
  return { id, file }
}

/** A newsletter message: its Message-ID is chosen (and stored) by the caller before sending. */
export interface BulkMessage {
  to: string
  subject: string
  text: string
  html: string
  /** `<…@…>`, stored with the delivery before the send. */
  messageId: string
  date: Date
  /** List-Unsubscribe, List-Unsubscribe-Post, List-Id… */
  headers: Record<string, string>
}

/**
 * How a send ended. `temporary`: try again later (4xx, connection lost or refused, timeout);
 * `permanent`: the server refused for good (5xx); `bounce`: the refusal was of the recipient
 * itself (at RCPT TO, or an enhanced status 5.1.x), an address that will never take mail.
 */
export type BulkOutcome =
  | { ok: true; response: string }
  | { ok: false; kind: 'temporary' | 'permanent'; bounce: boolean; error: string }

export async function sendBulkMail(message: BulkMessage): Promise<BulkOutcome> {
  const env = getEnv()
  const options: Mail.Options = {
    from: env.MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    date: message.date,
    // Printable ASCII goes out as written ("Name" <id> stays readable for filters); anything
    // else is left to nodemailer to encode.
    headers: Object.fromEntries(
      Object.entries(message.headers).map(([key, value]) => [
        key,
        /^[\x20-\x7e]*$/.test(value) ? { prepared: true, value } : value,
      ]),
    ),
  }
  try {
    if (!env.SMTP_URL) {
      await writeToOutbox(options, message.text, true)
      return { ok: true, response: 'outbox' }
    }
    const info = await (await smtpTransport(env.SMTP_URL)).sendMail(options)
    return { ok: true, response: String(info.response ?? '') }
  } catch (error) {
    return classifySmtpError(error)
  }
}

interface SmtpErrorShape {
  responseCode?: number
  command?: string
  code?: string
  response?: string
  message?: string
}

export function classifySmtpError(error: unknown): BulkOutcome & { ok: false } {
  const e = (error ?? {}) as SmtpErrorShape
  const text = (e.response ?? e.message ?? String(error)).slice(0, 500)
  const code = e.responseCode
  if (code && code >= 500 && code < 600) {
    const recipient = e.command === 'RCPT TO' || e.code === 'EENVELOPE' || /\b5\.1\.\d\b/.test(text)
    return { ok: false, kind: 'permanent', bounce: recipient, error: `${code} ${text}` }
  }
  // 4xx, a lost or refused connection, a timeout: nothing was delivered, try again later.
  return { ok: false, kind: 'temporary', bounce: false, error: code ? `${code} ${text}` : text }
}

export interface OutboxMail {
  file: string
  to: string
  subject: string
  text: string
}

/** Messages in the outbox, newest first (tests and local development read mail here). */
export async function readOutbox(): Promise<OutboxMail[]> {
  const dir = outboxDir()
  let names: string[] = []
  try {
    names = (await fs.readdir(dir))
      .filter((n) => n.endsWith('.eml'))
      .sort()
      .reverse()
  } catch {
    return []
  }
  return Promise.all(
    names.map(async (name) => {
      const raw = await fs.readFile(path.join(dir, name), 'utf8')
      return { file: path.join(dir, name), ...parseEml(raw) }
    }),
  )
}

function parseEml(eml: string) {
  // nodemailer ends quoted-printable soft breaks with CRLF even in 'unix' mode.
  const raw = eml.replace(/\r\n/g, '\n')
  const [head, ...rest] = raw.split(/\n\n/)
  const header = (key: string) => new RegExp(`^${key}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? ''
  const body = rest.join('\n\n')
  // Plain part of a multipart message, or the whole body; quoted-printable soft breaks undone.
  const plain =
    /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)(?:\n--|$)/i.exec(body)?.[1] ?? body
  // Quoted-printable escapes are UTF-8 bytes: collect them as bytes, then decode.
  const text = Buffer.from(
    plain
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
  return { to: header('To'), subject: header('Subject'), text }
}
