import fsp from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { smallGhostExport } from '../../../tests/setup/ghost-export'
import { WXR_CLOSING, wxrOpening } from '../../../tests/setup/wxr'
import { describeAccess, describePlanGroups } from './import-access'
import { analyseImport } from './import-analysis.server'
import type { ImportInput } from './import-job-data'
import { runImport } from './import-run.server'

// The dry run says before anything is written how many stories would be behind a wall, and
// for which plans (issue 38); the report says the same of what was imported. The real
// fixtures carry one marker between them (Ghost's paid post, import.server.test.ts), so the
// exports here are built in their formats: a Ghost JSON with members, paid and tier posts,
// a WXR with Restrict Content Pro's markers and our own.

const NOW = new Date('2026-06-01T12:00:00Z')

async function write(name: string, text: string) {
  const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'wall-'))
  const file = path.join(dir, name)
  await fsp.writeFile(file, text)
  return file
}

function ghostExport() {
  const post = (slug: string, visibility: string, more: Record<string, string> = {}) => ({
    id: slug,
    title: slug,
    slug,
    html: '<p>One.</p><p>Two.</p>',
    type: 'post',
    status: 'published',
    visibility,
    published_at: '2021-03-01T10:00:00.000Z',
    ...more,
  })
  return smallGhostExport({
    posts: [
      post('w-public', 'public'),
      post('w-public-page', 'public', { type: 'page' }),
      post('w-members', 'members'),
      post('w-members-draft', 'members', { status: 'draft' }),
      post('w-paid', 'paid'),
      // A page for members stays an article (a static page has no wall): counted.
      post('w-paid-page', 'paid', { type: 'page' }),
      post('w-gold-1', 'tiers'),
      post('w-gold-2', 'tiers'),
      post('w-platinum', 'tiers'),
    ],
    tiers: [
      { id: 't1', name: 'Gold', slug: 'gold' },
      { id: 't2', name: 'Platinum Circle', slug: 'platinum-circle' },
    ],
    tierOf: { 'w-gold-1': 't1', 'w-gold-2': 't1', 'w-platinum': 't2' },
    dbHash: 'wall-count-test',
  })
}

function wxrExport() {
  const item = (n: number, meta: Record<string, string>, status = 'publish') => `<item>
<title>Quay ${n}</title>
<content:encoded><![CDATA[<p>Quay ${n}.</p>]]></content:encoded>
<wp:post_id>${n}</wp:post_id><wp:post_date_gmt>2020-01-05 10:00:00</wp:post_date_gmt>
<wp:post_name>quay-${n}</wp:post_name><wp:status>${status}</wp:status><wp:post_type>post</wp:post_type>
${Object.entries(meta)
  .map(
    ([k, v]) =>
      `<wp:postmeta><wp:meta_key>${k}</wp:meta_key><wp:meta_value><![CDATA[${v}]]></wp:meta_value></wp:postmeta>`,
  )
  .join('')}
</item>`
  return `${wxrOpening('Quay Times', 'https://quay.example')}
${item(1, {})}
${item(2, { _is_paid: 'on' })}
${item(3, { rcp_subscription_level: 'a:1:{i:0;s:1:"2";}' })}
${item(4, { rcp_user_level: 'Subscriber' })}
${item(5, { rcp_user_level: 'All' })}
${item(6, { _broadsheet_access: 'members', _broadsheet_access_plans: 'gold', _broadsheet_free_for_now: '1' })}
${item(7, { _is_paid: 'on' }, 'trash')}
${WXR_CLOSING}`
}

/** The database is the file's: a test after the first finds the plan there. */
async function goldPlan() {
  await getDb()
    .insert(plans)
    .values({ slug: 'gold', name: 'Gold membership' })
    .onConflictDoNothing()
}

describe('the dry run says what would be behind a wall', () => {
  it('Ghost: members → registered readers; paid and tiers → paying members, by plan', async () => {
    await goldPlan()
    const input: ImportInput = {
      source: 'ghost',
      filePath: await write('ghost.json', ghostExport()),
      imagesPath: null,
      options: { pagesAs: 'static', siteUrl: 'https://ghost.example' },
    }
    const analysis = await analyseImport(input, NOW)
    expect(analysis.toImport).toBe(9)
    expect(analysis.access).toEqual({
      registered: 2,
      members: 5,
      freeForNow: 0,
      plans: [
        { named: ['Gold'], here: ['Gold membership'], stories: 2 },
        { named: ['Platinum Circle'], here: [], stories: 1 },
      ],
    })
    expect(describeAccess(analysis.access)).toBe(
      '5 stories for paying members, 2 for registered readers',
    )
    expect(describePlanGroups(analysis.access)).toEqual([
      'Gold membership (named Gold there): 2 stories',
      'Platinum Circle: 1 story, for any plan (no plan here has that name)',
      'Any plan: 2 stories',
    ])

    // The import's report counts the same stories.
    const admin = await createTestUser({ role: 'admin' })
    const report = await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    expect(report.counts.created).toBe(9)
    expect(report.access).toEqual(analysis.access)
  })

  it('WordPress: Restrict Content Pro’s markers and ours; a trashed post is not counted', async () => {
    await goldPlan()
    const input: ImportInput = {
      source: 'wordpress',
      filePath: await write('quay.xml', wxrExport()),
      imagesPath: null,
      options: { pagesAs: 'articles' },
    }
    const analysis = await analyseImport(input, NOW)
    expect(analysis.skipped).toEqual({ trash: 1 })
    expect(analysis.access).toEqual({
      registered: 1,
      members: 3,
      freeForNow: 1,
      plans: [{ named: ['gold'], here: ['Gold membership'], stories: 1 }],
    })
    expect(describeAccess(analysis.access)).toBe(
      '3 stories for paying members (1 free for now), 1 for registered readers',
    )

    const admin = await createTestUser({ role: 'admin' })
    const report = await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    expect(report.counts).toMatchObject({ created: 6, skipped: 1 })
    expect(report.access).toEqual(analysis.access)
  })

  it('a file with no marker: nothing behind a wall', async () => {
    const input: ImportInput = {
      source: 'wordpress',
      filePath: await write(
        'open.xml',
        wxrExport().replace(/<wp:postmeta>.*?<\/wp:postmeta>/g, ''),
      ),
      imagesPath: null,
      options: { pagesAs: 'articles' },
    }
    const analysis = await analyseImport(input, NOW)
    expect(analysis.access).toEqual({ registered: 0, members: 0, freeForNow: 0, plans: [] })
    expect(describeAccess(analysis.access)).toBe('')
  })
})
