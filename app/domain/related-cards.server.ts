import { inArray, sql, type SQL } from 'drizzle-orm'
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { articles, mediaFiles } from '@db/schema/index'
import { getDb } from '~/infra/db.server'
import { BODY_BLOCKS, RELATED_ARTICLE_ID } from '~/lib/body-blocks'
import { escapeHtml, escapeHtmlAttribute } from '~/lib/html'
import { coverPosition, focalPointOf, FRAME, isCentre } from '~/lib/focal-point'
import { imageVariantUrl } from '~/lib/image-variants'
import { publicArticleIn } from './published.server'

// A related-article card in a body (lib/body-blocks.ts) names a story by id; readers see that
// story as it is now: its title, its picture and a link, drawn here on the server. A story
// no longer public (unpublished, scheduled again, deleted) leaves no trace. At the domain's
// root beside published.server.ts, as article, page and live-entry bodies all hold cards and
// those areas already read one another.

/** A story a card may show. */
export interface RelatedCard {
  title: string
  slug: string
  image: string | null
  /** What the library says of the picture: its focal point keeps the card's crop on it. */
  facts?: CardPicture | null
}

/** A card picture's size and focal point, as the library holds them. */
export interface CardPicture {
  width: number | null
  height: number | null
  focalX: number
  focalY: number
}

/** The public stories a body's cards name, by id (as a string: JSON's object keys). */
export type RelatedCards = Record<string, RelatedCard>

/**
 * The library's facts of a card's picture, by the stored name behind its URL (the lookup of
 * media/image-facts.server.ts, which a module at the domain's root may not import: the media
 * area imports the root).
 */
function cardPictureColumn(url: AnyPgColumn | SQL): SQL<CardPicture | null> {
  return sql<CardPicture | null>`(select json_build_object('width', ${mediaFiles.width}, 'height', ${mediaFiles.height}, 'focalX', ${mediaFiles.focalX}, 'focalY', ${mediaFiles.focalY}) from ${mediaFiles} where ${mediaFiles.bucket} = 'media' and ${mediaFiles.name} = substring(${url} from '/media/([A-Za-z0-9][A-Za-z0-9._-]*)$') limit 1)`
}

const RELATED_ALIAS = 'related_card'

/**
 * A column of the card's story, named with its alias: Drizzle leaves a column's table off in
 * a query of one table, and here `named.id` (and the body's own table) share the scope.
 */
function card(column: 'id' | 'title' | 'slug' | 'featured_image'): SQL {
  return sql`${sql.identifier(RELATED_ALIAS)}.${sql.identifier(column)}`
}
// The story a card names, apart from the body's own row (an article may hold cards too).
const related = alias(articles, RELATED_ALIAS)
const CARD_ID = new RegExp(`${RELATED_ARTICLE_ID}="([0-9]{1,10})"`, 'g')

/**
 * A column of a body's query: the public stories its cards name. It rides in the body's own
 * statement, as the library's image words do (media/body-images.server.ts).
 *
 * The ids are read from the body in a subquery of their own, with no table in its scope: the
 * body's column is named there without its table when the body's query has one table (a
 * static page, a live entry), and beside `articles` it would be taken for each article's own
 * content, reading every article's body for one page (7.6 s at 200,000 articles). Each id is
 * compared as the column's own type (a bigint against the integer key: an id past the integer
 * range names no story), so the primary key finds it: cast the column instead and every body
 * read scans the articles.
 */
export function relatedCardsColumn(content: AnyPgColumn): SQL<RelatedCards> {
  return sql<RelatedCards>`coalesce((select json_object_agg(${card('id')}, json_build_object('title', ${card('title')}, 'slug', ${card('slug')}, 'image', ${card('featured_image')}, 'facts', ${cardPictureColumn(card('featured_image'))})) from (select distinct (regexp_matches(${content}, ${`${RELATED_ARTICLE_ID}="([0-9]{1,10})"`}, 'g'))[1]::bigint as id) named inner join ${articles} ${sql.identifier(RELATED_ALIAS)} on ${card('id')} = named.id where ${publicArticleIn(related)}), '{}'::json)`
}

/** The ids of the stories a body's cards name. */
export function relatedArticleIds(html: string): number[] {
  return [...new Set([...html.matchAll(CARD_ID)].map((match) => Number(match[1])))].filter(
    (id) => id <= 2 ** 31 - 1,
  )
}

/** The same for a body not saved yet (a preview, a live entry): one query, none without cards. */
export async function describeRelatedCards(html: string, db = getDb()): Promise<RelatedCards> {
  const ids = relatedArticleIds(html)
  if (ids.length === 0) return {}
  const rows = await db
    .select({
      id: related.id,
      title: related.title,
      slug: related.slug,
      image: related.featuredImage,
      facts: cardPictureColumn(related.featuredImage),
    })
    .from(related)
    .where(sql`${publicArticleIn(related)} and ${inArray(related.id, ids)}`)
  return Object.fromEntries(rows.map(({ id, ...card }) => [String(id), card]))
}

const { tag, name } = BODY_BLOCKS.relatedArticle
// A card as the sanitiser leaves it: its attributes in quotes with `"` escaped, and empty.
const STORED_CARD = new RegExp(`<${tag} data-block="${name}"([^>]*)></${tag}>`, 'g')

/** A card's markup for readers (app.css draws it). */
export function relatedCardHtml(card: RelatedCard): string {
  const href = escapeHtmlAttribute(`/article/${card.slug}`)
  const focal = focalPointOf(card.facts?.focalX, card.facts?.focalY)
  // The card's 4:3 frame (app.css) cut around the focal point; the centre is CSS's default.
  const position = isCentre(focal)
    ? ''
    : ` style="object-position: ${coverPosition(focal, card.facts ?? null, FRAME.card)}"`
  const image = card.image
    ? `<img src="${escapeHtmlAttribute(imageVariantUrl(card.image, 640))}" alt="" loading="lazy"${position} />`
    : ''
  return `<${tag} data-block="${name}" aria-label="Related article"><a href="${href}">${image}<span><span>Related</span><strong>${escapeHtml(card.title)}</strong></span></a></${tag}>`
}

/**
 * A sanitised body with each card drawn for readers from `cards`, or taken out when its story
 * is not among them (not public). Call it on sanitised HTML only.
 */
export function showRelatedCards(html: string, cards: RelatedCards): string {
  if (!html.includes(`data-block="${name}"`)) return html
  return html.replace(STORED_CARD, (_whole, attributes: string) => {
    const id = new RegExp(`${RELATED_ARTICLE_ID}="([0-9]{1,10})"`).exec(attributes)?.[1]
    const card = id === undefined ? undefined : cards[String(Number(id))]
    return card ? relatedCardHtml(card) : ''
  })
}
