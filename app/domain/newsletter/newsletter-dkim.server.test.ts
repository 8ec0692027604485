import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newsletterLists, newsletterSubscribers, newsletterSubscriptions } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { resetEnvCache } from '~/infra/env.server'
import { closeMailTransport, sendMail } from '~/infra/mail.server'
import { verifyDkim } from '../../../tests/setup/dkim-verify'
import { insertArticle } from '../../../tests/setup/content-fixtures'
import { startSmtpSink, type SmtpSink } from '../../../tests/setup/smtp-sink'
import { sendArticleAlert } from './alert-send.server'
import { NewsletterSender } from './sender.server'

/*
 * DKIM as a receiving server sees it: a key made for the test signs through the DKIM_*
 * settings, the mail crosses a real SMTP server on 127.0.0.1, and each message received is
 * verified (tests/setup/dkim-verify.ts) with the public half, as DNS would publish it.
 */

const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
const DKIM_ENV = {
  DKIM_DOMAIN: 'broadsheet.test',
  DKIM_SELECTOR: 'mail2026',
  DKIM_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
}
let sink: SmtpSink

beforeAll(async () => {
  sink = await startSmtpSink()
  Object.assign(process.env, DKIM_ENV, { SMTP_URL: sink.url })
  resetEnvCache()
  closeMailTransport()
})

afterAll(async () => {
  closeMailTransport()
  for (const key of [...Object.keys(DKIM_ENV), 'SMTP_URL']) delete process.env[key]
  resetEnvCache()
  await sink.close()
})

async function alertToReaders(count: number) {
  const db = getDb()
  const [list] = await db
    .insert(newsletterLists)
    .values({ slug: 'signed', name: 'Signed alerts', kind: 'alert' })
    .returning()
  const readers = await db
    .insert(newsletterSubscribers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `signed-${i}@example.test`,
        confirmToken: `signed-${i}`,
        confirmedAt: new Date(),
      })),
    )
    .returning()
  await db
    .insert(newsletterSubscriptions)
    .values(readers.map((r) => ({ subscriberId: r.id, listId: list.id })))
  // Non-ASCII in the subject and body: the signature covers the encoded forms.
  const article = await insertArticle({ title: 'Café owners say “no” to the new bridge toll' })
  await sendArticleAlert({ articleId: article.id, listId: list.id })
  await new NewsletterSender({ ratePerMinute: 0, buildDigests: false }).tick()
}

describe('DKIM signatures', () => {
  it('sign every newsletter message so that it verifies, one-click headers included', async () => {
    await alertToReaders(3)
    expect(sink.messages).toHaveLength(3)
    for (const message of sink.messages) {
      const result = verifyDkim(message.raw, publicKey)
      expect(result).toMatchObject({
        ok: true,
        tags: { d: 'broadsheet.test', s: 'mail2026', a: 'rsa-sha256' },
      })
      // RFC 8058 §4: a one-click unsubscribe counts only when DKIM covers both headers.
      expect(result.signedHeaders).toEqual(
        expect.arrayContaining([
          'from',
          'to',
          'subject',
          'date',
          'message-id',
          'list-id',
          'list-unsubscribe',
          'list-unsubscribe-post',
        ]),
      )
    }
  })

  it('sign the site’s other mail too, and fail when a signed part is changed', async () => {
    sink.messages.length = 0
    await sendMail({
      to: 'reader@example.test',
      subject: 'Confirm your subscription',
      text: 'Follow this link: http://localhost:3000/newsletter/confirm?t=abc',
    })
    const [{ raw }] = sink.messages
    expect(verifyDkim(raw, publicKey).ok).toBe(true)

    const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey
    expect(verifyDkim(raw, otherKey)).toMatchObject({ ok: false, reason: 'signature' })
    expect(verifyDkim(raw.replace('t=abc', 't=abd'), publicKey)).toMatchObject({
      ok: false,
      reason: 'body hash',
    })
    expect(verifyDkim(raw.replace('Subject: Confirm', 'Subject: Cancel'), publicKey)).toMatchObject(
      { ok: false, reason: 'signature' },
    )
  })
})
