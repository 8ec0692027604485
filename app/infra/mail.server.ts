import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'
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

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written to DATA_DIR/outbox as an .eml
 * file and its first link logged, so every mail flow works with no mail server.
 */
export async function sendMail(message: MailMessage): Promise<{ id: string; file?: string }> {
  const env = getEnv()
  // Loaded on the first mail, not at start-up.
  const { default: nodemailer } = await import('nodemailer')
  if (env.SMTP_URL) {
    transport ??= nodemailer.createTransport(env.SMTP_URL)
    const info = await transport.sendMail({ from: env.MAIL_FROM, ...message })
    return { id: info.messageId }
  }
  const stream = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  const info = await stream.sendMail({ from: env.MAIL_FROM, ...message })
  const dir = outboxDir()
  await fs.mkdir(dir, { recursive: true })
  const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}`
  const file = path.join(dir, `${id}.eml`)
  await fs.writeFile(file, info.message as Buffer)
  const link = /https?:\/\/\S+/.exec(message.text)?.[0]
  logger.info({ to: message.to, subject: message.subject, file, link }, 'mail written to outbox')
  return { id, file }
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
