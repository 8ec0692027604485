import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import { articles, categories, profiles } from '@db/schema/index'
import { bylineColumns, bylinesColumn } from '~/domain/authors/authors-queries.server'
import { joinNames, toBylineAuthors } from '~/domain/authors/byline'
import { isLiveNow } from '~/domain/live/live-now.server'
import { isOpenToEveryone } from '~/domain/membership/open-access.server'
import { noteShownKeys } from '~/infra/cache-keys.server'
import { readDb } from '~/infra/db.server'
import { getSiteSettings } from '~/domain/settings/settings-queries.server'
import { formatArticleDate } from '~/lib/dates'
import {
  lastSearchWord,
  normalizeSearchQuery,
  SEARCH_MAX_RESULTS,
  type SearchResult,
  type SnippetPiece,
} from './search-schema'

/**
 * The whole query in web-search syntax, or — for as-you-type — the words before the last
 * plus the last word as a prefix ("transit lev" finds "transit levy"). The prefix uses the
 * 'simple' configuration: a half-typed word is not an English word to stem, and a stop word
 * like "the" still narrows to "theater" instead of being dropped.
 */
export function searchTsQuery(query: string): SQL {
  const last = lastSearchWord(query)
  const full = sql`websearch_to_tsquery('english', ${query})`
  if (!last) return full
  const head = query.split(' ').slice(0, -1).join(' ')
  return sql`(${full} || (websearch_to_tsquery('english', ${head}) && to_tsquery('simple', ${`${last}:*`})))`
}

/**
 * Reading one article's stored vector (kept out of line, a few KB) costs about as much as
 * fifteen articles' rows: what walking the newest articles costs per row against collecting
 * every match from the index. Measured at 100,000 articles (docs/performance.md).
 */
const VECTOR_READ_COST = 15

/**
 * Which way to find the newest matches. "walk": newest public articles first, testing each,
 * until enough match — cheap for a common word, ruinous for a rare one (it reads every
 * article). "index": every match from the full-text index, then sorted by date — cheap for a
 * rare word, slow for one in half the articles. The planner's own choice between the two
 * misjudges both (it prices testing a row as nearly free, and guesses a word it has no
 * statistics for at 0.5 % of rows), so the choice is made here from its row estimates.
 */
export function chooseSearchPlan(
  estimate: { matching: number; total: number },
  wanted: number,
): { plan: 'walk'; rows: number } | { plan: 'index' } {
  const { matching, total } = estimate
  if (!(matching > 0) || !(total > 0)) return { plan: 'index' }
  const share = Math.min(1, matching / total)
  const walkRows = wanted / share
  if (walkRows * VECTOR_READ_COST >= matching) return { plan: 'index' }
  // The estimate may be wrong for the newest articles: the walk stops after twice what it
  // expects, and the index answers instead.
  return { plan: 'walk', rows: Math.ceil(walkRows * 2) }
}

/*
 * What search may read of an article (issue 38: the text after the preview is never sent to a
 * reader without access, nor hinted at). Search answers every reader alike — the page and the
 * API are cached and shared — so it reads each article as an anonymous reader would. A story
 * open to everyone matches on its title, standfirst and body (weights A, B, C). A gated one
 * (registered readers, members, not free for now) matches on its title and standfirst only
 * (`ts_filter` to A and B), the parts its card shows everyone, and its snippet comes from the
 * standfirst: a body match, even one not shown, would tell a searcher which words stand behind
 * the wall, one query at a time. Its preview is left out too: preview.ts cuts it from the HTML
 * (paragraphs, the editor's marker), which the stored vector cannot follow. Members therefore
 * find members stories by title and standfirst on the public search; staff search the back
 * office's list, which this does not touch.
 */
const openArticle = isOpenToEveryone({ access: sql`a.access`, freeForNow: sql`a.free_for_now` })
const readableVector = sql`case when ${openArticle} then a.search_vector else ts_filter(a.search_vector, '{a,b}') end`

/** Newest matches first, up to `limit`: the candidates search ranks. */
function walkCandidates(tsQuery: SQL, rows: number, limit: number): SQL {
  // The LIMIT on the inner list keeps the planner from moving the match into it: the walk
  // reads at most `rows` articles whatever the planner thinks.
  return sql`select r.id, r.published_at, r.search_vector from (
      select a.id, a.published_at, ${readableVector} as search_vector from ${articles} a
      where a.status = 'published' and a.published_at <= now()
      order by a.published_at desc, a.id desc limit ${rows}
    ) r where r.search_vector @@ ${tsQuery} limit ${limit}`
}

function indexCandidates(tsQuery: SQL, limit: number): SQL {
  // "Public" in a form no ordered index answers, so the full-text index is the way in; the
  // readable part is tested on the index's candidates only.
  return sql`select a.id, a.published_at, ${readableVector} as search_vector from ${articles} a
    where coalesce(a.status = 'published' and a.published_at <= now(), false)
      and a.search_vector @@ ${tsQuery} and ${readableVector} @@ ${tsQuery}
    order by a.published_at desc, a.id desc limit ${limit}`
}

/**
 * The newest SEARCH_MAX_RESULTS matches (plus one, to tell whether there are more), ranked:
 * ids in result order, the one beyond the last (when there is one) last.
 */
function rankedIds(tsQuery: SQL, candidates: SQL): SQL {
  return sql`select c.id from (
      select w.id, w.published_at, w.age,
        case when w.age <= ${SEARCH_MAX_RESULTS} then ts_rank(w.search_vector, ${tsQuery}) end as rank
      from (
        select m.*, row_number() over (order by m.published_at desc, m.id desc) as age
        from (${candidates}) m
      ) w
    ) c order by c.age > ${SEARCH_MAX_RESULTS}, c.rank desc, c.published_at desc, c.id desc`
}

/**
 * Ids of the matches in result order (see searchArticles), one more than SEARCH_MAX_RESULTS
 * when there are more. `plan` forces a way in (tests: both must answer alike).
 */
export async function findRankedIds(tsQuery: SQL, plan?: 'walk' | 'index'): Promise<number[]> {
  const db = readDb()
  const wanted = SEARCH_MAX_RESULTS + 1
  let choice: ReturnType<typeof chooseSearchPlan>
  if (plan === 'walk') choice = { plan, rows: 2 ** 31 - 1 }
  else if (plan === 'index') choice = { plan }
  else {
    const [estimate] = (
      await db.execute<{ matching: number; total: number }>(
        sql`select matching, total from articles_search_estimate(${tsQuery})`,
      )
    ).rows
    choice = chooseSearchPlan(
      { matching: Number(estimate?.matching), total: Number(estimate?.total) },
      wanted,
    )
  }
  if (choice.plan === 'walk') {
    const walked = (
      await db.execute<{ id: number }>(
        rankedIds(tsQuery, walkCandidates(tsQuery, choice.rows, wanted)),
      )
    ).rows
    if (walked.length === wanted || plan === 'walk') return walked.map((row) => Number(row.id))
  }
  // Only the index and sequential reads would answer the query as written; sequential reads
  // are turned off for it (testing every article's vector is the slowest way there is).
  const indexed = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    return (await tx.execute<{ id: number }>(rankedIds(tsQuery, indexCandidates(tsQuery, wanted))))
      .rows
  })
  return indexed.map((row) => Number(row.id))
}

// The marks ts_headline puts around a matched word: control characters no article's text holds
// (the editor's sanitiser drops them), so the text between them can be split without parsing
// HTML, and every piece is drawn as text.
const MARK_START = '\u0001'
const MARK_END = '\u0002'
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=30, MinWords=14, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
}

function plain(text: string) {
  return text
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
}

/** ts_headline's marked passage as pieces of text; none when nothing in it is marked. */
export function snippetPieces(marked: string | null): SnippetPiece[] {
  if (!marked || !marked.includes(MARK_START)) return []
  const pieces: SnippetPiece[] = []
  for (const [index, part] of marked.split(new RegExp(`[${MARK_START}${MARK_END}]`)).entries()) {
    const text = plain(part)
    if (text) pieces.push({ text, match: index % 2 === 1 })
  }
  return pieces
}

/**
 * Published articles matching the query, best first: among the newest SEARCH_MAX_RESULTS
 * matches (all of them on most sites), title matches outrank excerpt matches, which outrank
 * body matches (the stored vector weighs them A, B, C), then the newest first. `total` counts
 * them, at most SEARCH_MAX_RESULTS; `more` says there are older matches beyond. A blank query
 * matches nothing and never reaches the database.
 */
export async function searchArticles(
  rawQuery: string,
  options: { limit?: number; offset?: number } = {},
): Promise<{ results: SearchResult[]; total: number; more: boolean }> {
  const query = normalizeSearchQuery(rawQuery)
  // Any public article's change may change what a search finds.
  noteShownKeys(['search'])
  if (query === '') return { results: [], total: 0, more: false }
  const ids = await findRankedIds(searchTsQuery(query))
  const more = ids.length > SEARCH_MAX_RESULTS
  const ranked = ids.slice(0, SEARCH_MAX_RESULTS)
  const offset = options.offset ?? 0
  const pageIds = ranked.slice(offset, offset + (options.limit ?? 10))
  if (pageIds.length === 0) return { results: [], total: ranked.length, more }
  const tsQuery = searchTsQuery(query)
  const rows = await readDb()
    .select({
      // Only for the page's few results, after the ranking (STACK-NOTES: ts_headline is slow).
      // A gated story's snippet from its standfirst alone (see readableVector above).
      snippet: sql<string>`ts_headline('english', ${articles.excerpt} || ' ' || case when ${isOpenToEveryone(articles)} then regexp_replace(${articles.content}, '<[^>]*>', ' ', 'g') else '' end, ${tsQuery}, ${HEADLINE_OPTIONS})`,
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      excerpt: articles.excerpt,
      categoryName: categories.name,
      authorUsername: bylineColumns.authorUsername,
      bylines: bylinesColumn,
      publishedAt: articles.publishedAt,
      isLive: isLiveNow(articles.id),
      // The list's "Members" label (issue 38): a members story not free for now.
      isMembers: sql<boolean>`(${articles.access} = 'members' and not ${articles.freeForNow})`,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(profiles, eq(profiles.id, articles.authorId))
    .where(inArray(articles.id, pageIds))
  // The paper's settings are memoised: no query of their own on most searches.
  const { timeZone } = await getSiteSettings()
  const byId = new Map(rows.map((row) => [row.id, row]))
  // The date arrives worded, the day in the paper's time zone (lib/dates.ts): the dialog needs
  // no date library (the reader's bundle budget).
  const results = pageIds.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const { publishedAt, snippet, bylines, ...rest } = row
    const names = toBylineAuthors(bylines).map((author) => author.name)
    return [
      {
        ...rest,
        // Every byline, as the article page words them ("Ana and Ben"; issue 40).
        authorName: names.length > 0 ? joinNames(names) : null,
        snippet: snippetPieces(snippet),
        publishedIso: publishedAt?.toISOString() ?? null,
        publishedLabel: formatArticleDate(publishedAt, timeZone),
      },
    ]
  })
  return { results, total: ranked.length, more }
}
