import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { DocumentHtmlContext } from '~/components/site/server-html'
import { answerForNotFound } from '~/domain/redirects/not-found-answer.server'
import { deferAppScripts, isReaderPage, readerRoutes } from '~/infra/deferred-scripts.server'
import {
  dataCacheControl,
  documentCacheControl,
  etagMatches,
  redirectCacheControl,
  weakEtag,
} from '~/infra/http-cache.server'
import { logger } from '~/infra/logger.server'
import { contentSecurityPolicy, inlineScriptHashes } from '~/infra/security-headers.server'
import { paymentPageOrigins } from '~/infra/payment-pages.server'

export const streamTimeout = 5_000

/** The route id of app/routes/_site.$.tsx, the page for addresses no other route claims. */
const SITE_CATCH_ALL = 'routes/_site.$'

const DOCTYPE = Buffer.from('<!DOCTYPE html>')
const DOCTYPE_START = Buffer.from('<!DOCTYPE')

/** The page's HTML as the bytes it is sent as (hashed, rewritten and cached as bytes). */
function renderPage(
  context: EntryContext,
  url: string,
  documentHtml: ReadonlyMap<string, string> | null,
): Promise<{ body: Buffer; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false
    // A render still going after the stream timeout is given up. The timer holds the render's
    // whole state (its loaders' data, its chunks, the page): cleared as soon as the render
    // ends, or each render would be kept for six seconds after it (hundreds of them at a busy
    // moment, docs/performance.md, "Sustained uncached load").
    const timer = setTimeout(() => stream.abort(), streamTimeout + 1000)
    const chunks: Buffer[] = []
    const page = (
      <DocumentHtmlContext.Provider value={documentHtml}>
        <ServerRouter context={context} url={url} />
      </DocumentHtmlContext.Provider>
    )
    const stream = renderToPipeableStream(page, {
      // Whole pages, not streams: the page is hashed for its CSP and ETag and cached whole.
      onAllReady() {
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk)
            done()
          },
          final(done) {
            clearTimeout(timer)
            resolve({ body: Buffer.concat(chunks), failed })
            done()
          },
        })
        stream.pipe(sink)
      },
      onShellError(error) {
        clearTimeout(timer)
        reject(error)
      },
      onError(error) {
        failed = true
        if (!context.isSpaMode) logger.error({ err: error }, 'render error')
      },
    })
  })
}

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext?: AppLoadContext,
) {
  // Every page that was not found passes here: an old address kept for it answers instead
  // (app/domain/redirects). 410 keeps the not-found page the route drew, with its own status.
  // Addresses no route claims were looked up already by the site's catch-all route, which
  // draws a page that says Gone for them.
  const lookedUp = context.staticHandlerContext.errors?.[SITE_CATCH_ALL] !== undefined
  const moved = status === 404 && !lookedUp ? await answerForNotFound(request) : null
  if (moved?.kind === 'redirect') return movedResponse(moved.status, moved.location)
  if (moved?.kind === 'gone') status = 410
  const { body, failed } = await renderPage(context, request.url, loadContext?.documentHtml ?? null)
  const page = body.subarray(0, DOCTYPE_START.length).equals(DOCTYPE_START)
    ? body
    : Buffer.concat([DOCTYPE, body])
  // The reader's pages ask for the app's scripts after their first paint (deferred-scripts).
  const bytes = isReaderPage(context) ? deferAppScripts(page, readerRoutes(context)) : page
  const finalStatus = failed && status < 400 ? 500 : status
  headers.set('Content-Type', 'text/html; charset=utf-8')
  if (process.env.NODE_ENV === 'production') {
    const extraOrigins = process.env.S3_PUBLIC_URL
      ? [new URL(process.env.S3_PUBLIC_URL).origin]
      : []
    headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy({
        scriptHashes: inlineScriptHashes(bytes),
        extraOrigins,
        formOrigins: paymentPageOrigins(),
      }),
    )
  }
  if (!headers.has('Cache-Control'))
    headers.set('Cache-Control', documentCacheControl(request, finalStatus))
  const etag = weakEtag(bytes)
  headers.set('ETag', etag)
  if (finalStatus === 200 && etagMatches(request, etag))
    return new Response(null, { status: 304, headers })
  if (request.method === 'HEAD') return new Response(null, { status: finalStatus, headers })
  // Buffer.concat's type allows a SharedArrayBuffer; these bytes are on a plain ArrayBuffer.
  return new Response(bytes as Buffer<ArrayBuffer>, { status: finalStatus, headers })
}

function movedResponse(status: 301 | 302, location: string) {
  return new Response(null, {
    status,
    headers: { Location: location, 'Cache-Control': redirectCacheControl(status) },
  })
}

/**
 * Single-fetch data answers (`/path.data`): a personal one (a session or flash cookie, the back
 * office, the profile) is `private, no-store` like the document it stands for, unless its route
 * said otherwise; an anonymous one keeps React Router's headers.
 */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  const policy = dataCacheControl(request)
  if (!policy || response.headers.has('Cache-Control')) return response
  // A copy: the headers of a Response made elsewhere may be immutable.
  const answer = new Response(response.body, response)
  answer.headers.set('Cache-Control', policy)
  return answer
}
