import { readerPageOf, type ReaderPage } from '~/domain/membership/reader-page.server'
import { getPublicArticlePage } from './article-page-queries.server'

/** The addresses of pages kept per kind of reader (decision 0046): a story's page. */
export const ARTICLE_PAGE_PATH = /^\/article\/([^/?]+)\/?$/

/**
 * Which kept copy of a story's page a document request gets (membership's `readerPageOf`), or
 * null: no such story, an address that is not a story's, or the shared page or a render.
 */
export async function articleReaderPageFor(request: Request): Promise<ReaderPage | null> {
  const slug = ARTICLE_PAGE_PATH.exec(new URL(request.url).pathname)?.[1]
  if (!slug) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(slug)
  } catch {
    return null
  }
  const found = await getPublicArticlePage(decoded)
  return found ? readerPageOf(request, found.article) : null
}

/** The page cache's reader pages (server/page-cache.ts `readerPages`, server/start.ts). */
export const ARTICLE_READER_PAGES = { paths: ARTICLE_PAGE_PATH, pageFor: articleReaderPageFor }
