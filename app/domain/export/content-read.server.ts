// content.json read as it is unpacked (the site import): the small lists whole, the articles a
// page at a time, handed to the writer as they arrive, so memory follows a page, not the archive.
import { JSONParser } from '@streamparser/json'

import { CONTENT_FORMAT, CONTENT_VERSION } from './content-json.server'
import {
  ContentImportError,
  type ContentFile,
  type ContentHead,
  type ExportedArticle,
} from './content-file'

/** Articles handed to the writer per page (inserted per statement with their tags, corrections and revisions). */
export const PAGE = 200

/** What readContent answers: counts for what went by, and the small lists read whole. */
export interface ContentRead extends Pick<ContentFile, 'pages' | 'editions' | 'media'> {
  authors: number
  categories: number
  tags: number
  articles: number
}

/** The top-level values read whole: every one but the articles, which come one at a time. */
const WHOLE = [
  'format',
  'version',
  'exportedAt',
  'site',
  'authors',
  'categories',
  'tags',
  'plans',
  'pages',
  'editions',
  'media',
] as const
const HEAD = ['authors', 'categories', 'tags'] as const
/** Before the articles when present, but not required: older exports have none. */
const OPTIONAL_HEAD = ['plans'] as const
const LISTS = [...HEAD, ...OPTIONAL_HEAD, 'pages', 'editions', 'media'] as const
type ListKey = (typeof LISTS)[number]

/**
 * content.json parsed as it is unpacked (@streamparser/json, docs/decisions/0041): each article
 * is handed on as soon as it is complete and dropped, so memory follows a page of articles and
 * not the file, hundreds of MB for a large archive, far over the server's heap. The format and
 * version must come first (a file that is not ours, or is newer, is refused before anything is
 * written), and the authors, categories and tags before the articles, which refer to them: as
 * the export writes it (docs/export-format.md). `head` is called with those once, before the
 * first page of articles; `articles` with each page in turn. A list that is absent is empty.
 */
export async function readContent(
  stream: AsyncIterable<Uint8Array>,
  load: {
    head: (head: ContentHead) => Promise<void>
    articles: (page: ExportedArticle[]) => Promise<void>
  },
): Promise<ContentRead> {
  const parser = new JSONParser({
    // Not '$.articles': a value inside one that is emitted is kept in it, and the articles would
    // pile up in their array. With keepStack false, each is dropped from it once emitted.
    paths: [...WHOLE.map((key) => `$.${key}`), '$.articles.*'],
    keepStack: false,
  })
  /** What the chunk being parsed completed: a top-level value by its key, or (null) an article. */
  const arrived: { key: string | null; value: unknown }[] = []
  parser.onValue = ({ key, value, stack }) =>
    arrived.push({ key: stack.length === 1 ? String(key) : null, value })

  const whole = new Map<string, unknown>()
  const list = <K extends ListKey>(key: K) => (whole.get(key) ?? []) as ContentFile[K]
  let versionRead = false
  let head: ContentHead | null = null
  let page: ExportedArticle[] = []
  let articles = 0
  const notOurs = () =>
    new ContentImportError(
      'BAD_FILE',
      `Not a Broadsheet content file of version ≤ ${CONTENT_VERSION}.`,
    )
  const headFirst = () =>
    new ContentImportError(
      'BAD_FILE',
      'content.json must hold its authors, categories and tags before its articles (docs/export-format.md).',
    )
  const startArticles = async (): Promise<ContentHead> => {
    const read = {
      authors: list('authors'),
      categories: list('categories'),
      tags: list('tags'),
      plans: list('plans') ?? [],
    }
    await load.head(read)
    return read
  }
  const take = async (key: string | null, value: unknown) => {
    if (!versionRead) {
      if (key !== 'format' && key !== 'version')
        throw new ContentImportError(
          'BAD_FILE',
          'content.json must begin with its format and version (docs/export-format.md).',
        )
      if (
        key === 'format'
          ? value !== CONTENT_FORMAT
          : !(typeof value === 'number' && value <= CONTENT_VERSION)
      )
        throw notOurs()
      whole.set(key, value)
      versionRead = whole.has('format') && whole.has('version')
    } else if (key === null) {
      if (!head) {
        if (!HEAD.every((name) => whole.has(name))) throw headFirst()
        head = await startArticles()
      }
      page.push(value as ExportedArticle)
      articles++
      if (page.length === PAGE) {
        await load.articles(page)
        page = []
      }
    } else {
      if ((LISTS as readonly string[]).includes(key) && !Array.isArray(value))
        throw new ContentImportError('BAD_FILE', `The ${key} of content.json are not a list.`)
      if (head && ([...HEAD, ...OPTIONAL_HEAD] as readonly string[]).includes(key))
        throw headFirst()
      whole.set(key, value)
    }
  }

  const notJson = () =>
    new ContentImportError('BAD_FILE', 'The zip’s content.json is not valid JSON.')
  for await (const chunk of stream) {
    try {
      parser.write(chunk)
    } catch {
      throw notJson()
    }
    // What this chunk completed is written before the next one is unpacked.
    for (const { key, value } of arrived.splice(0)) await take(key, value)
  }
  try {
    // The parser ends by itself after the closing brace; a file cut short leaves it open.
    if (!parser.isEnded) parser.end()
  } catch {
    throw notJson()
  }
  for (const { key, value } of arrived.splice(0)) await take(key, value)
  if (!versionRead) throw notOurs()
  head ??= await startArticles()
  if (page.length) await load.articles(page)
  return {
    authors: head.authors.length,
    categories: head.categories.length,
    tags: head.tags.length,
    articles,
    pages: list('pages'),
    editions: list('editions'),
    media: list('media'),
  }
}
