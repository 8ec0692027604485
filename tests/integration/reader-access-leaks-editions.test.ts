import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newspaperEditions, newspaperPages, siteSettings } from '@db/schema/index'
import { createIntegration } from '~/domain/integrations/integrations.server'
import { announceChanged, EVERYTHING } from '~/infra/cache-keys.server'
import { getDb } from '~/infra/db.server'
import { getStorage } from '~/infra/storage.server'
import { PageCache } from '../../server/page-cache'
import { startTestServer, type TestServer } from '../setup/app-server'
import {
  createReaders,
  readAs,
  READER_KINDS,
  type ReaderCookies,
  type ReaderKind,
} from '../setup/reader-fixtures'

/*
 * The leak suite's e-paper (issue 38; the articles are in reader-access-leaks.test.ts). The site
 * keeps its print editions for members (`editionsAccess`), one edition follows it, one says so
 * itself and one opens itself to everyone. A members edition's reader page, its PDF and its text
 * in search need a member of any plan or staff; its cover, title and date stay public. Every
 * reader kind × every edition × every channel, through the whole server with its page cache:
 * the PDF's bytes and a word of its page text that no title holds are absent wherever access is
 * missing and present where it is given.
 */

/** Who reads members editions: any plan, or staff. */
const READS_MEMBERS_EDITIONS: ReaderKind[] = ['otherMember', 'member', 'staff']

interface Edition {
  /** Its own access; null follows the site's (members here). */
  access: 'members' | 'everyone' | null
  membersOnly: boolean
  tag: string
  slug: string
}

const EDITIONS: Record<string, Edition> = {
  'following the site': { access: null, membersOnly: true, tag: 'fs', slug: '2026-03-10' },
  'for members itself': { access: 'members', membersOnly: true, tag: 'om', slug: '2026-03-11' },
  'for everyone itself': { access: 'everyone', membersOnly: false, tag: 'oe', slug: '2026-03-12' },
}

const title = (edition: Edition) => `The okapi${edition.tag} edition`
const searchWord = (edition: Edition) => `okapi${edition.tag}query`
const leakWord = (edition: Edition) => `okapi${edition.tag}leak`
const pdfName = (edition: Edition) => `leak-${edition.tag}-edition.pdf`
const coverName = (edition: Edition) => `leak-${edition.tag}-cover.webp`
/** Bytes of the stored PDF that only its download carries. */
const pdfSecret = (edition: Edition) => `okapi${edition.tag}pdfbytes`

let server: TestServer
const pageCache = new PageCache({ maxBytes: 8 * 1024 * 1024 })
let cookies: ReaderCookies
/** Content API keys: a partner's, and a "full text" integration's (the paper's own app). */
let partnerKey = ''
let fullTextKey = ''

beforeAll(async () => {
  server = await startTestServer({ pageCache })
  ;({ cookies } = await createReaders(
    { slug: 'edition-supporter', name: 'Supporter', monthlyPriceCents: 750 },
    { slug: 'edition-patron', name: 'Patron', monthlyPriceCents: 2000 },
  ))
  await getDb()
    .insert(siteSettings)
    .values({ id: 1, editionsAccess: 'members' })
    .onConflictDoUpdate({ target: siteSettings.id, set: { editionsAccess: 'members' } })
  const storage = getStorage()
  for (const edition of Object.values(EDITIONS)) {
    const pdf = Buffer.from(`%PDF-1.7\n% ${pdfSecret(edition)}\n%%EOF\n`, 'latin1')
    await storage.put('pdf_newspapers', pdfName(edition), pdf)
    await storage.put('pdf_newspapers', coverName(edition), Buffer.from('RIFF-cover'))
    const [row] = await getDb()
      .insert(newspaperEditions)
      .values({
        slug: edition.slug,
        title: title(edition),
        editionDate: edition.slug,
        fileName: pdfName(edition),
        size: pdf.length,
        pageCount: 2,
        coverName: coverName(edition),
        coverWidth: 612,
        coverHeight: 792,
        access: edition.access,
      })
      .returning()
    await getDb()
      .insert(newspaperPages)
      .values([
        { editionId: row.id, pageNumber: 1, text: 'Front page: the council meets' },
        {
          editionId: row.id,
          pageNumber: 2,
          text: `Page two: the ${searchWord(edition)} harbour plan, ${leakWord(edition)}, was approved.`,
        },
      ])
  }
  partnerKey = (await createIntegration({ name: 'Partner', fullText: false, createdBy: null })).key
  fullTextKey = (await createIntegration({ name: 'Our app', fullText: true, createdBy: null })).key
  announceChanged([EVERYTHING])
})

afterAll(() => server?.close())

async function get(path: string, reader: ReaderKind) {
  const { response, body } = await readAs(server, pageCache, path, cookies[reader])
  return {
    status: response.status,
    body,
    cacheControl: response.headers.get('cache-control'),
    location: response.headers.get('location'),
  }
}

describe.each(READER_KINDS)('as %s', (reader) => {
  describe.each(Object.keys(EDITIONS))('an edition %s', (name) => {
    const edition = EDITIONS[name]
    const reads = !edition.membersOnly || READS_MEMBERS_EDITIONS.includes(reader)

    it(`its page: the cover and date for anyone, ${reads ? 'the reader and PDF' : 'the wall'}`, async () => {
      for (const path of [`/newspapers/${edition.slug}`, `/newspapers/${edition.slug}.data`]) {
        const { status, body } = await get(path, reader)
        expect(status, path).toBe(200)
        expect(body, path).toContain(title(edition))
        expect(body, path).toContain(`/media/pdf_newspapers/${coverName(edition)}`)
        // A members edition's stored name is sent to nobody: its route asks who reads.
        expect(body.includes(pdfName(edition)), path).toBe(!edition.membersOnly)
        expect(body, path).not.toContain(leakWord(edition))
        if (path.endsWith('.data')) continue
        expect(body.includes('Download PDF'), path).toBe(reads)
        expect(body.includes('This print edition is for members'), path).toBe(!reads)
      }
    })

    it(`its PDF ${reads ? 'downloads' : 'is refused'}, at its route and at its stored address`, async () => {
      const routed = await get(`/newspapers/${edition.slug}/pdf`, reader)
      if (!edition.membersOnly) {
        expect(routed.status).toBe(302)
        expect(routed.location).toBe(`/media/pdf_newspapers/${pdfName(edition)}`)
      } else if (reads) {
        expect(routed.status).toBe(200)
        expect(routed.body).toContain(pdfSecret(edition))
        expect(routed.cacheControl).toBe('private, no-store')
      } else {
        expect(routed.status).toBe(302)
        expect(routed.location).toBe(`/newspapers/${edition.slug}`)
        expect(routed.body).not.toContain(pdfSecret(edition))
      }
      // The stored address serves a members edition's PDF to no one, staff included.
      const stored = await get(`/media/pdf_newspapers/${pdfName(edition)}`, reader)
      expect(stored.status).toBe(edition.membersOnly ? 404 : 200)
      expect(stored.body.includes(pdfSecret(edition))).toBe(!edition.membersOnly)
      // The cover is the public teaser.
      expect((await get(`/media/pdf_newspapers/${coverName(edition)}`, reader)).status).toBe(200)
    })

    it(`search ${reads ? 'finds and quotes' : 'never finds'} its page text`, async () => {
      for (const path of [
        `/search?q=${searchWord(edition)}`,
        `/search.data?q=${searchWord(edition)}`,
        `/api/search?q=${searchWord(edition)}`,
      ]) {
        const { status, body, cacheControl } = await get(path, reader)
        expect(status, path).toBe(200)
        expect(body.includes(title(edition)), path).toBe(reads)
        expect(body.includes(leakWord(edition)), path).toBe(reads)
        // An answer that may hold members editions is the reader's own, kept by no shared cache.
        if (path.startsWith('/api/') && READS_MEMBERS_EDITIONS.includes(reader)) {
          expect(cacheControl, path).toBe('private, no-store')
        }
      }
    })

    it('the Content API gives its page texts only when open to all, or to a full-text integration', async () => {
      // Whoever's cookie comes along: the API reads the key, never the session.
      const one = await get(`/api/content/v1/editions/${edition.slug}?key=${partnerKey}`, reader)
      expect(one.status).toBe(200)
      expect(one.body).toContain(title(edition))
      expect(one.body).toContain(coverName(edition))
      expect(one.body.includes(leakWord(edition))).toBe(!edition.membersOnly)
      expect(one.body.includes(pdfName(edition))).toBe(!edition.membersOnly)
      const list = await get(`/api/content/v1/editions?key=${partnerKey}`, reader)
      expect(list.body).toContain(title(edition))
      expect(list.body).not.toContain(leakWord(edition))
      if (edition.membersOnly) expect(list.body).not.toContain(pdfName(edition))
      const app = await get(`/api/content/v1/editions/${edition.slug}?key=${fullTextKey}`, reader)
      expect(app.body).toContain(leakWord(edition))
      expect(app.cacheControl).toBe('private, no-store')
    })

    it('the lists show its cover and never its stored PDF name when it is for members', async () => {
      for (const path of ['/newspapers', '/newspapers.data', '/', '/_.data']) {
        const { status, body } = await get(path, reader)
        expect(status, path).toBe(200)
        expect(body, path).toContain(coverName(edition))
        if (edition.membersOnly) expect(body, path).not.toContain(pdfName(edition))
        expect(body, path).not.toContain(leakWord(edition))
      }
    })
  })
})
