import fsp from 'node:fs/promises'
import path from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { articleBylines, articles, profiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { getEnv } from '~/infra/env.server'
import { createTestUser } from '../../../tests/setup/auth-fixtures'
import { WXR_CLOSING, wxrOpening } from '../../../tests/setup/wxr'
import type { ImportInput } from './import-job-data'
import { runImport } from './import-run.server'

// Co-authors from the source (issue 40): Ghost's `posts_authors` in their sort order, and the
// `author` terms Co-Authors Plus writes into a WordPress export, become the article's bylines.

const NOW = new Date('2026-06-01T12:00:00Z')

async function write(name: string, text: string) {
  const dir = await fsp.mkdtemp(path.join(getEnv().dataDir, 'co-authors-'))
  const file = path.join(dir, name)
  await fsp.writeFile(file, text)
  return file
}

/** The bylines' display names of the article at `slug`, in order. */
async function bylineNames(slug: string) {
  const rows = await getDb()
    .select({ name: profiles.displayName })
    .from(articleBylines)
    .innerJoin(articles, eq(articles.id, articleBylines.articleId))
    .innerJoin(profiles, eq(profiles.id, articleBylines.userId))
    .where(eq(articles.slug, slug))
    .orderBy(asc(articleBylines.position))
  return rows.map((row) => row.name)
}

async function runAsAdmin(input: ImportInput) {
  const admin = await createTestUser({ role: 'admin' })
  return runImport(input, { id: admin.id, role: 'admin' }, {}, NOW)
}

describe('co-authors on import', () => {
  it('Ghost: every author of posts_authors, in sort order; imported again, unchanged', async () => {
    const user = (id: string, name: string) => ({
      id,
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      name,
      email: `${id}@ghost.example`,
    })
    const file = await write(
      'ghost.json',
      JSON.stringify({
        db: [
          {
            meta: { version: '5.0.0' },
            data: {
              posts: [
                {
                  id: 'shared',
                  title: 'Shared',
                  slug: 'ghost-shared',
                  html: '<p>Two writers.</p>',
                  type: 'post',
                  status: 'published',
                  visibility: 'public',
                  published_at: '2021-03-01T10:00:00.000Z',
                },
              ],
              posts_authors: [
                { id: 'pa2', post_id: 'shared', author_id: 'u-ben', sort_order: 1 },
                { id: 'pa1', post_id: 'shared', author_id: 'u-ana', sort_order: 0 },
                { id: 'pa3', post_id: 'shared', author_id: 'u-cai', sort_order: 2 },
              ],
              users: [
                user('u-ana', 'Ana Ghost'),
                user('u-ben', 'Ben Ghost'),
                user('u-cai', 'Cai Ghost'),
              ],
              settings: [{ key: 'db_hash', value: 'co-authors-test' }],
            },
          },
        ],
      }),
    )
    const input: ImportInput = {
      source: 'ghost',
      filePath: file,
      imagesPath: null,
      options: { pagesAs: 'articles', siteUrl: 'https://ghost.example' },
    }
    expect((await runAsAdmin(input)).counts.created).toBe(1)
    expect(await bylineNames('ghost-shared')).toEqual(['Ana Ghost', 'Ben Ghost', 'Cai Ghost'])
    expect((await runAsAdmin(input)).counts).toMatchObject({ created: 0, unchanged: 1 })
  })

  it('WordPress: Co-Authors Plus terms after dc:creator', async () => {
    const author = (login: string, name: string) =>
      `<wp:author><wp:author_login><![CDATA[${login}]]></wp:author_login><wp:author_email><![CDATA[${login}@wp.example]]></wp:author_email><wp:author_display_name><![CDATA[${name}]]></wp:author_display_name></wp:author>`
    const file = await write(
      'cap.xml',
      `${wxrOpening('Harbour Times', 'https://cap.example')}
${author('dina', 'Dina Press')}
${author('eli', 'Eli Press')}
<item><title>Together</title>
<dc:creator><![CDATA[dina]]></dc:creator>
<content:encoded><![CDATA[<p>Filed together.</p>]]></content:encoded>
<wp:post_id>7</wp:post_id><wp:post_date_gmt>2020-01-05 10:00:00</wp:post_date_gmt>
<wp:post_name>wp-together</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type>
<category domain="author" nicename="cap-dina"><![CDATA[dina]]></category>
<category domain="author" nicename="cap-eli"><![CDATA[eli]]></category>
</item>
${WXR_CLOSING}`,
    )
    await runAsAdmin({
      source: 'wordpress',
      filePath: file,
      imagesPath: null,
      options: { pagesAs: 'articles' },
    })
    expect(await bylineNames('wp-together')).toEqual(['Dina Press', 'Eli Press'])
  })
})
