import { canOpenBackOffice } from '~/domain/access/access-rules'
import { getSessionUser } from '~/infra/permissions.server'
import { requestContext } from '~/infra/request-context.server'
import { carriesToast } from '~/infra/toast.server'
import {
  accessVariant,
  articleAccessFor,
  type ArticleAccess,
  type StoryGate,
} from './article-read.server'
import { GIFT_PARAMETER } from './gift-links.server'
import { peekReader } from './reader.server'

/*
 * Article pages kept per kind of reader (decision 0046). A story's page depends on who reads
 * it only through two things: the header (nobody signed in, a reader, or staff with the back
 * office's button; root-data.server.ts gives it nothing else) and how the reader gets the
 * story (`accessVariant`: free, the full text, or the preview with its wall and meter count).
 * Readers who share both get the same bytes, so the page cache (server/page-cache.ts) keeps
 * one copy per pair and answers a member's full text, or a metered read, from it after this
 * module has asked the one access rule who the reader is — never with a whole render. Which
 * addresses are such pages, and their stories: domain/articles/article-reader-pages.server.ts.
 */

/** How the header draws the reader: nobody, a signed-in reader, or staff (the back office). */
export type HeaderKind = 'anonymous' | 'reader' | 'staff'

/** The page a reader gets: its key among the kept copies, and the meter's cookie to send. */
export interface ReaderPage {
  variant: string
  setCookie: string | null
}

function headerKindOf(user: Awaited<ReturnType<typeof getSessionUser>>): HeaderKind {
  if (!user) return 'anonymous'
  return canOpenBackOffice(user) ? 'staff' : 'reader'
}

function variantKey(access: ArticleAccess, header: HeaderKind) {
  return `${header}|${accessVariant(access)}`
}

/**
 * The page of `story` a document request asks for, as this reader gets it: null when the page
 * cache's shared copy serves (an anonymous reader with a shared answer), or when the app must
 * draw it (a gift link, a toast to show, a session to end or to note activity on). Counts a new
 * read on the meter, as the page does (a read already counted is free, so the page counting it
 * again changes nothing).
 */
export async function readerPageOf(request: Request, story: StoryGate): Promise<ReaderPage | null> {
  const url = new URL(request.url)
  if (url.search !== '' || url.searchParams.has(GIFT_PARAMETER)) return null
  if (carriesToast(request.headers.get('cookie'))) return null
  // A session to end or to note activity on is the app's to read (and write).
  const session = await peekReader(request)
  if (session === undefined) return null
  // The session just read answers the access rule's lookup of the same request.
  const access = await articleAccessFor(story, request, { count: true })
  const header = headerKindOf(session?.user ?? null)
  if (header === 'anonymous' && !access.read.personal) return null
  return { variant: variantKey(access, header), setCookie: access.setCookie }
}

/**
 * Notes, for the page cache, which kept copy the article page being drawn is (the article
 * route calls it with the access it drew): a copy is kept only when the app drew the one the
 * request was looked up for.
 */
export async function noteReaderPage(request: Request, access: ArticleAccess) {
  const context = requestContext.getStore()
  if (!context) return
  context.readerPage = variantKey(access, headerKindOf(await getSessionUser(request)))
}
