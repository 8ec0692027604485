import { beforeAll, describe, expect, it } from 'vitest'
import {
  deleteEntry,
  postEntry,
  setCoverageState,
  setKeyEvent,
  startCoverage,
} from '~/domain/live/live.server'
import { requestAs, runRoute, TEST_SITE_URL } from '../../tests/setup/auth-fixtures'
import { insertArticle, insertStaff } from '../../tests/setup/content-fixtures'
import { loader as articleLoader } from './_site.article.$slug'
import { loader } from './_site.article.$slug_.entry.$entryId'

// A live entry's share address /article/{slug}/entry/{id}, and the live article's
// LiveBlogPosting JSON-LD as its page's loader gives it.

let editor: { id: string }

beforeAll(async () => {
  editor = await insertStaff({ displayName: 'Rita Reporter' })
})

type Meta = Record<string, unknown>[]

const metaContent = (meta: Meta, key: string, value: string) =>
  meta.find((tag) => tag[key] === value)?.content as string | undefined

function openEntry(slug: string, entryId: string | number) {
  return runRoute(loader, requestAs(null, `/article/${slug}/entry/${entryId}`), {
    params: { slug, entryId: String(entryId) },
  })
}

/** The status of the answer, thrown as `data()` (the page's ErrorBoundary) or returned. */
async function statusOf(slug: string, entryId: string | number) {
  try {
    return (await openEntry(slug, entryId)).status
  } catch (thrown) {
    const init = (thrown as { init?: { status?: number } }).init
    if (!init?.status) throw thrown
    return init.status
  }
}

describe('/article/{slug}/entry/{id}', () => {
  it('has its own title and description, and sends the reader to the entry’s anchor', async () => {
    const article = await insertArticle({ slug: 'count-night', title: 'Count night' })
    await startCoverage(article.id)
    const posted = await postEntry(
      article.id,
      {
        headline: 'Turnout passes 60%',
        content: '<p>The highest turnout <strong>since 1992</strong>.</p>',
        isKeyEvent: false,
      },
      editor,
      { publish: true },
    )
    const answer = await openEntry('count-night', posted.id)
    expect(answer.status).toBe(200)
    const meta = answer.data.meta as Meta
    const anchor = `/article/count-night#entry-${posted.id}`
    expect(answer.data.anchor).toBe(anchor)
    expect(meta).toContainEqual({
      title: expect.stringContaining('Turnout passes 60% — Count night'),
    })
    expect(metaContent(meta, 'name', 'description')).toBe('The highest turnout since 1992.')
    expect(metaContent(meta, 'property', 'og:url')).toBe(
      `${TEST_SITE_URL}/article/count-night/entry/${posted.id}`,
    )
    expect(metaContent(meta, 'httpEquiv', 'refresh')).toBe(`0; url=${anchor}`)
  })

  it('names an entry without a headline by the start of its text', async () => {
    const article = await insertArticle({ slug: 'storm-live', title: 'Storm live' })
    await startCoverage(article.id)
    const posted = await postEntry(
      article.id,
      { headline: '', content: '<p>Power is back in Eastside.</p>', isKeyEvent: false },
      editor,
      { publish: true },
    )
    const answer = await openEntry('storm-live', posted.id)
    expect(answer.data.label).toBe('Power is back in Eastside.')
    expect(answer.data.meta).toContainEqual({
      title: expect.stringContaining('Power is back in Eastside. — Storm live'),
    })
  })

  it('answers 404 for a deleted, pending, unknown or misplaced entry', async () => {
    const article = await insertArticle({ slug: 'trial-day', title: 'Trial, day one' })
    const other = await insertArticle({ slug: 'other-story' })
    await startCoverage(article.id)
    const posted = await postEntry(
      article.id,
      { headline: 'Jury sworn in', content: '<p>Twelve.</p>', isKeyEvent: false },
      editor,
      { publish: true },
    )
    const pending = await postEntry(
      article.id,
      { headline: '', content: '<p>From the gallery.</p>', isKeyEvent: false },
      editor,
      { publish: false },
    )
    expect(await statusOf('trial-day', posted.id)).toBe(200)
    expect(await statusOf(other.slug, posted.id)).toBe(404)
    expect(await statusOf('trial-day', pending.id)).toBe(404)
    expect(await statusOf('trial-day', 'x1')).toBe(404)
    expect(await statusOf('trial-day', 987_654)).toBe(404)
    await deleteEntry(article.id, posted.id)
    expect(await statusOf('trial-day', posted.id)).toBe(404)
  })
})

describe('a live article’s JSON-LD', () => {
  it('is a LiveBlogPosting with its coverage times and entries linked to their anchors', async () => {
    const article = await insertArticle({ slug: 'vote-live', title: 'The vote, live' })
    await startCoverage(article.id)
    const first = await postEntry(
      article.id,
      { headline: 'Polls open', content: '<p>Doors open at seven.</p>', isKeyEvent: false },
      editor,
      { publish: true },
    )
    const second = await postEntry(
      article.id,
      { headline: '', content: '<p>Queues at the library.</p>', isKeyEvent: false },
      editor,
      { publish: true },
    )
    await setKeyEvent(article.id, first.id, true)
    const jsonLd = async () => {
      const answer = await runRoute(articleLoader, requestAs(null, '/article/vote-live'), {
        params: { slug: 'vote-live' },
      })
      expect(answer.status).toBe(200)
      const tag = (answer.data.meta as Meta).find((t) => 'script:ld+json' in t)
      return tag!['script:ld+json'] as Record<string, unknown> & {
        liveBlogUpdate: Record<string, unknown>[]
      }
    }
    const live = await jsonLd()
    expect(live['@type']).toBe('LiveBlogPosting')
    expect(live.coverageStartTime).toEqual(expect.any(String))
    expect(live).not.toHaveProperty('coverageEndTime')
    const url = `${TEST_SITE_URL}/article/vote-live`
    expect(live.liveBlogUpdate).toEqual([
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: 'Queues at the library.',
        articleBody: 'Queues at the library.',
        url: `${url}#entry-${second.id}`,
        author: { '@type': 'Person', name: 'Rita Reporter' },
      }),
      expect.objectContaining({ headline: 'Polls open', url: `${url}#entry-${first.id}` }),
    ])
    // dateModified follows the newest change of the coverage.
    const newest = live.liveBlogUpdate[0]!.datePublished as string
    expect(String(live.dateModified) >= newest).toBe(true)

    await setCoverageState(article.id, 'ended')
    const ended = await jsonLd()
    expect(ended.coverageEndTime).toEqual(expect.any(String))
    expect(String(ended.coverageEndTime) >= String(ended.coverageStartTime)).toBe(true)
  })
})
