import fsp from 'node:fs/promises'
import path from 'node:path'
import { eq, like, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { smallGhostExport } from '../../../tests/setup/ghost-export'
import type { ImportInput } from './import-job-data'
import { runImport } from './import-run.server'

// Quotes, separators, callouts and toggles come in as our blocks (import-body.ts): WordPress's
// from its real theme unit test export, which holds pull quotes, quotes and separators; Ghost's
// from an export built in its format, as the real one holds no callout or toggle.

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures')
const NOW = new Date('2026-06-01T12:00:00Z')

async function admin() {
  const user = await createTestUser({ role: 'admin' })
  return { id: user.id, role: 'admin' as const }
}

describe('blocks from WordPress (theme unit test data)', () => {
  it('makes core/pullquote and attributed core/quote pull quotes and core/separator dividers', async () => {
    const input: ImportInput = {
      source: 'wordpress',
      filePath: path.join(FIXTURES, 'wordpress/themeunittestdata.wordpress.xml'),
      imagesPath: null,
      options: { pagesAs: 'articles' },
    }
    await runImport(input, await admin(), {}, NOW)
    const bodies = await getDb()
      .select({ title: articles.title, content: articles.content })
      .from(articles)
      .where(like(articles.content, '%data-block="pull-quote"%'))
    const all = bodies.map((b) => b.content).join('\n')
    expect(all).toContain(
      '<figure data-block="pull-quote"><blockquote><p>The pull quote can be aligned or wide or neither.</p></blockquote><figcaption>Theme Reviewer</figcaption></figure>',
    )
    expect(all).toContain(
      '<figure data-block="pull-quote"><blockquote><p>Gutenberg is more than an editor.</p></blockquote><figcaption>The Gutenberg Team</figcaption></figure>',
    )
    expect(bodies.map((b) => b.title)).toEqual(
      expect.arrayContaining(['WP 6.1 Text category blocks', 'Block: Quote']),
    )
    // Nothing of WordPress's own markup for these blocks is left.
    const [{ n: leftovers }] = await getDb()
      .select({ n: sql`count(*)::int` })
      .from(articles)
      .where(like(articles.content, '%wp-block-pullquote%'))
    expect(leftovers).toBe(0)
    const separators = await getDb()
      .select({ content: articles.content })
      .from(articles)
      .where(eq(articles.title, 'Block category: Layout Elements'))
    expect(separators[0]?.content ?? '').toMatch(/<hr \/>/)
  }, 180_000)
})

describe('blocks from Ghost', () => {
  it('makes callout cards fact boxes, and toggle cards fact boxes titled by their heading', async () => {
    const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'ghost-blocks-'))
    const file = path.join(dir, 'ghost.json')
    await fsp.writeFile(
      file,
      smallGhostExport({
        posts: [
          {
            id: 'cards',
            title: 'Cards',
            slug: 'ghost-cards',
            html:
              '<p>Before.</p>' +
              '<div class="kg-card kg-callout-card kg-callout-card-grey"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">Roads close at <strong>noon</strong>.</div></div>' +
              '<div class="kg-card kg-toggle-card" data-kg-toggle-state="close"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">Key facts</h4><button class="kg-toggle-card-icon" aria-label="Expand toggle to read content"><svg id="Regular" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path class="cls-1" d="M23.25,7.311,12.53,18.03a.749.749,0,0,1-1.06,0L.75,7.311"></path></svg></button></div><div class="kg-toggle-content"><ul><li>Two lanes shut</li><li>Buses diverted</li></ul></div></div>',
            type: 'post',
            status: 'published',
            visibility: 'public',
            published_at: '2021-03-01T10:00:00.000Z',
          },
        ],
        tiers: [],
        tierOf: {},
        dbHash: 'blocks-test',
      }),
    )
    const report = await runImport(
      {
        source: 'ghost',
        filePath: file,
        imagesPath: null,
        options: { pagesAs: 'articles', siteUrl: 'https://ghost.example' },
      },
      await admin(),
      {},
      NOW,
    )
    expect(report.counts.created).toBe(1)
    const [row] = await getDb()
      .select({ content: articles.content })
      .from(articles)
      .where(eq(articles.slug, 'ghost-cards'))
    expect(row.content).toBe(
      '<p>Before.</p>' +
        '<aside data-block="fact-box"><p>Roads close at <strong>noon</strong>.</p></aside>' +
        '<aside data-block="fact-box"><h3>Key facts</h3><ul><li>Two lanes shut</li><li>Buses diverted</li></ul></aside>',
    )
  })
})
