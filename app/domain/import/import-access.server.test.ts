import fsp from 'node:fs/promises'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articles, plans } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { smallGhostExport } from '../../../tests/setup/ghost-export'
import { WXR_CLOSING, wxrOpening } from '../../../tests/setup/wxr'
import { ghostAccess, matchPlans, wxrAccess } from './import-access'
import type { ImportInput } from './import-job-data'
import { runImport } from './import-run.server'

// Who may read an imported story (issue 38): Ghost's visibility (public, members, paid, tiers
// matched to our plans by name or slug) and WordPress's membership markers, else everyone.

const NOW = new Date('2026-06-01T12:00:00Z')

async function write(name: string, text: string) {
  const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'access-'))
  const file = path.join(dir, name)
  await fsp.writeFile(file, text)
  return file
}

async function accessBySlug(slugs: string[]) {
  const rows = await getDb()
    .select({
      slug: articles.slug,
      status: articles.status,
      access: articles.access,
      accessPlanIds: articles.accessPlanIds,
      freeForNow: articles.freeForNow,
      previewParagraphs: articles.previewParagraphs,
    })
    .from(articles)
    .where(inArray(articles.slug, slugs))
  return Object.fromEntries(rows.map(({ slug, ...rest }) => [slug, rest]))
}

describe('the mapping', () => {
  it('reads Ghost’s visibility', () => {
    expect(ghostAccess('public')).toEqual({ level: 'everyone', plans: [] })
    expect(ghostAccess('')).toEqual({ level: 'everyone', plans: [] })
    expect(ghostAccess('members')).toEqual({ level: 'registered', plans: [] })
    expect(ghostAccess('paid')).toEqual({ level: 'members', plans: [] })
    expect(ghostAccess('tiers', [{ name: 'Gold', slug: 'gold' }])).toEqual({
      level: 'members',
      plans: ['gold', 'Gold'],
    })
  })

  it('reads WordPress markers: ours, Restrict Content Pro’s, else everyone', () => {
    expect(wxrAccess({})).toEqual({ level: 'everyone', plans: [] })
    expect(
      wxrAccess({
        _broadsheet_access: 'members',
        _broadsheet_access_plans: 'digital, print',
        _broadsheet_free_for_now: '1',
        _broadsheet_preview_paragraphs: '4',
      }),
    ).toEqual({
      level: 'members',
      plans: ['digital', 'print'],
      freeForNow: true,
      previewParagraphs: 4,
    })
    expect(
      wxrAccess({ _broadsheet_access: 'registered', _broadsheet_preview_paragraphs: '99' }),
    ).toMatchObject({
      level: 'registered',
      previewParagraphs: null,
    })
    expect(wxrAccess({ _is_paid: 'on' })).toEqual({ level: 'members', plans: [] })
    expect(wxrAccess({ _is_paid: '0' })).toEqual({ level: 'everyone', plans: [] })
    expect(wxrAccess({ rcp_subscription_level: 'a:1:{i:0;s:1:"2";}' }).level).toBe('members')
    expect(wxrAccess({ rcp_user_level: 'Subscriber' }).level).toBe('registered')
    expect(wxrAccess({ rcp_user_level: 'All' }).level).toBe('everyone')
  })

  it('matches plans by slug or name, letter case aside', () => {
    const ours = [
      { id: 1, slug: 'digital', name: 'Digital' },
      { id: 2, slug: 'print-digital', name: 'Print + Digital' },
    ]
    expect(matchPlans(['GOLD', 'print + digital'], ours)).toEqual([2])
    expect(matchPlans(['digital'], ours)).toEqual([1])
    expect(matchPlans(['silver'], ours)).toEqual([])
  })
})

describe('importing gated stories', () => {
  it('Ghost: members, paid and tier posts come in published for their readers', async () => {
    const [gold] = await getDb()
      .insert(plans)
      .values({ slug: 'gold', name: 'Gold membership' })
      .returning({ id: plans.id })
    const post = (slug: string, visibility: string) => ({
      id: slug,
      title: slug,
      slug,
      html: '<p>One.</p><p>Two.</p>',
      type: 'post',
      status: 'published',
      visibility,
      published_at: '2021-03-01T10:00:00.000Z',
    })
    const file = await write(
      'ghost.json',
      smallGhostExport({
        posts: [
          post('g-public', 'public'),
          post('g-members', 'members'),
          post('g-paid', 'paid'),
          post('g-gold', 'tiers'),
          post('g-unknown-tier', 'tiers'),
        ],
        tiers: [
          { id: 't1', name: 'Gold', slug: 'gold' },
          { id: 't2', name: 'Platinum', slug: 'platinum' },
        ],
        tierOf: { 'g-gold': 't1', 'g-unknown-tier': 't2' },
        dbHash: 'access-test',
      }),
    )
    const input: ImportInput = {
      source: 'ghost',
      filePath: file,
      imagesPath: null,
      options: { pagesAs: 'articles', siteUrl: 'https://ghost.example' },
    }
    const admin = await createTestUser({ role: 'admin' })
    const report = await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    expect(report.counts.created).toBe(5)
    const stored = await accessBySlug([
      'g-public',
      'g-members',
      'g-paid',
      'g-gold',
      'g-unknown-tier',
    ])
    expect(stored['g-public']).toMatchObject({ status: 'published', access: 'everyone' })
    expect(stored['g-members']).toMatchObject({ status: 'published', access: 'registered' })
    expect(stored['g-paid']).toMatchObject({ access: 'members', accessPlanIds: [] })
    expect(stored['g-gold']).toMatchObject({ access: 'members', accessPlanIds: [gold.id] })
    // A tier with no plan of that name here: any plan opens it.
    expect(stored['g-unknown-tier']).toMatchObject({ access: 'members', accessPlanIds: [] })

    // Imported again, nothing changed.
    const again = await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    expect(again.counts).toMatchObject({ created: 0, updated: 0, unchanged: 5 })
  })

  it('WordPress: our own marker and a plugin’s; a post without one is for everyone', async () => {
    const item = (n: number, meta: Record<string, string>) => `<item><title>Harbour ${n}</title>
<content:encoded><![CDATA[<p>Harbour ${n}.</p>]]></content:encoded>
<wp:post_id>${n}</wp:post_id><wp:post_date_gmt>2020-01-05 10:00:00</wp:post_date_gmt>
<wp:post_name>harbour-${n}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
${Object.entries(meta)
  .map(
    ([k, v]) =>
      `<wp:postmeta><wp:meta_key>${k}</wp:meta_key><wp:meta_value><![CDATA[${v}]]></wp:meta_value></wp:postmeta>`,
  )
  .join('')}
</item>`
    const file = await write(
      'access.xml',
      `${wxrOpening('Harbour Times', 'https://harbour.example')}
${item(1, {})}
${item(2, { _broadsheet_access: 'members', _broadsheet_free_for_now: '1', _broadsheet_preview_paragraphs: '2' })}
${item(3, { _is_paid: 'on' })}
${item(4, { rcp_user_level: 'Subscriber' })}
${WXR_CLOSING}`,
    )
    const input: ImportInput = {
      source: 'wordpress',
      filePath: file,
      imagesPath: null,
      options: { pagesAs: 'articles' },
    }
    const admin = await createTestUser({ role: 'admin' })
    await runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
    const stored = await accessBySlug(['harbour-1', 'harbour-2', 'harbour-3', 'harbour-4'])
    expect(stored['harbour-1']).toMatchObject({ access: 'everyone' })
    expect(stored['harbour-2']).toMatchObject({
      access: 'members',
      freeForNow: true,
      previewParagraphs: 2,
    })
    expect(stored['harbour-3']).toMatchObject({ access: 'members', status: 'published' })
    expect(stored['harbour-4']).toMatchObject({ access: 'registered' })
  })
})
