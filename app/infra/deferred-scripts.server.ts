import type { EntryContext } from 'react-router'
import { KeptValues } from '~/lib/kept-values'

/**
 * The reader's pages paint before the app's script arrives (docs/performance.md, "Lighthouse").
 *
 * React Router's `<Scripts>` asks for every module of the page at once, at high priority, as the
 * head is parsed: `<link rel="modulepreload">` for each (some 120 KiB gzip on an article page),
 * then an inline `<script type="module">` that imports the route modules and starts the app. On
 * a slow phone link those scripts share the line with the stylesheet and the lead image, and the
 * text and the picture wait for them, although none of them is needed to show the page: it is
 * rendered on the server, its links and forms work without script, and its first image does not
 * fade in (CardImage's `priority`).
 *
 * So on the reader's pages the HTML is rewritten to ask for the scripts after the page has
 * painted: the modulepreload links are taken out, the boot module becomes an inert data block
 * (same text, so the same CSP hash), and a small inline script runs it, with the preloads, once
 * the page has loaded (stylesheet and lead image in) and the next frame has been drawn, or after
 * BOOT_TIMEOUT_MS whatever happens, so that a stalled image never holds the app back for long.
 * The modules, their number and their bytes are unchanged; only when they are asked for moves.
 *
 * The reader's routes are also made known up front. React Router's boot module carries a partial
 * route manifest (the page's own routes); once hydrated, the app asks the server for the routes
 * of every link on the page (`/__manifest`) and, when new ones come back, re-renders the whole
 * page to take them in: some 250 components and 600 elements on the home page, the longest task
 * after hydration. With the reader layout's routes in the boot manifest (READER_LAYOUT_ID and
 * its children: some 1.8 KiB gzip of HTML, no script) that answer brings nothing new and
 * nothing re-renders; the back office's routes are still discovered when a link leads there.
 */

/** The boot module's id once it is a data block. */
export const DEFERRED_BOOT_ID = 'app-boot'
export const DEFERRED_BOOT_TYPE = 'text/x-deferred-module'
/** The longest the app waits for the page's load event, from the end of the HTML. */
export const BOOT_TIMEOUT_MS = 3000

/** The reader's layout route: its children are the routes a reader's page links to. */
export const READER_LAYOUT_ID = 'routes/_site'

const BOOT_TAG = '<script type="module" async="">'
// How the boot module sets its partial manifest (pretty-printed JSON), and what follows it.
const MANIFEST_START = 'window.__reactRouterManifest = '
const MANIFEST_END = ';\n  window.__reactRouterRouteModules'

type ManifestRoute = EntryContext['manifest']['routes'][string]
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g

/**
 * Whether a page is one of the reader's: its leaf route says so with `handle.deferToaster` (the
 * pages kept within the article page's JavaScript budget, which load sonner only when needed).
 * The back office and the account forms keep the scripts as React Router sends them.
 */
export function isReaderPage(context: EntryContext) {
  const matches = context.staticHandlerContext.matches
  const leaf = matches[matches.length - 1]
  if (!leaf) return false
  const handle = context.routeModules[leaf.route.id]?.handle as
    { deferToaster?: boolean } | undefined
  return handle?.deferToaster === true
}

const HEAD_END = Buffer.from('</head>')
const BOOT_TAG_BYTES = Buffer.from(BOOT_TAG)
const SCRIPT_END = Buffer.from('</script>')
const MODULEPRELOAD_START = Buffer.from('<link rel="modulepreload"')

/**
 * A page's HTML with its app scripts asked for after the first paint (see above). Anything
 * it does not recognise (no boot module, more than one, a modulepreload with other attributes
 * such as `integrity`) is left as it is: the page then loads as React Router sends it.
 *
 * The page is read and written as the bytes it is sent as (this runs on every render): only the
 * head and the boot module become text; the body around them is copied as it is.
 */
export function deferAppScripts(
  page: Buffer,
  knownRoutes: Record<string, ManifestRoute | undefined> = {},
): Buffer {
  // The links are in the head (React hoists them there), the boot module in the body: each
  // is looked for only where it is.
  const headEnd = page.indexOf(HEAD_END)
  if (headEnd === -1) return page
  const bootStart = page.indexOf(BOOT_TAG_BYTES, headEnd)
  if (bootStart === -1 || page.indexOf(BOOT_TAG_BYTES, bootStart + 1) !== -1) return page
  if (page.indexOf(MODULEPRELOAD_START, headEnd) !== -1) return page
  const head = page.toString('utf8', 0, headEnd)
  if (head.includes(BOOT_TAG)) return page
  if (/<link rel="modulepreload"(?! href="[^"]+"\/>)/.test(head)) return page
  const bootEnd = page.indexOf(SCRIPT_END, bootStart)
  if (bootEnd === -1) return page
  const afterBoot = bootEnd + SCRIPT_END.length
  const hrefs = [...new Set([...head.matchAll(MODULEPRELOAD)].map((m) => m[1]))]
  return Buffer.concat([
    Buffer.from(head.replace(MODULEPRELOAD, '')),
    page.subarray(headEnd, bootStart),
    deferredBoot(page.subarray(bootStart, afterBoot), hrefs, knownRoutes),
    page.subarray(afterBoot),
  ])
}

/**
 * The boot module as an inert data block (with `routes` added to its manifest), followed by
 * the loader of `hrefs`. A route's pages share one boot module and one list of modules, so the
 * result is kept per set of routes, keyed by the module list and the boot module's bytes (read
 * as latin1: an exact key, made without decoding UTF-8).
 */
function deferredBoot(
  boot: Buffer,
  hrefs: string[],
  routes: Record<string, ManifestRoute | undefined>,
): Buffer {
  let kept = deferredBoots.get(routes)
  if (!kept) deferredBoots.set(routes, (kept = new KeptValues(100)))
  return kept.get(`${hrefs.join(' ')}\n${boot.toString('latin1')}`, () => {
    const dataBlock = withKnownRoutes(boot.toString('utf8'), routes).replace(
      BOOT_TAG,
      `<script type="${DEFERRED_BOOT_TYPE}" id="${DEFERRED_BOOT_ID}">`,
    )
    return Buffer.from(`${dataBlock}<script>${bootLoader(hrefs)}</script>`)
  })
}

const deferredBoots = new WeakMap<object, KeptValues<Buffer>>()

/** The root, the reader's layout and its children, from the app's full route manifest. */
export function readerRoutes(context: EntryContext): Record<string, ManifestRoute> {
  const manifest = context.manifest.routes
  let routes = readerRoutesOf.get(manifest)
  if (routes) return routes
  routes = {}
  for (const route of Object.values(manifest)) {
    if (!route) continue
    if (route.id === 'root' || route.id === READER_LAYOUT_ID || route.parentId === READER_LAYOUT_ID)
      routes[route.id] = route
  }
  readerRoutesOf.set(manifest, routes)
  return routes
}

// The manifest is the build's, the same object for every request: so are these.
const readerRoutesOf = new WeakMap<object, Record<string, ManifestRoute>>()

/**
 * The boot module with `routes` added to its partial manifest (the page's own entries kept as
 * they are). A boot module whose manifest it cannot find or read is returned unchanged.
 */
function withKnownRoutes(boot: string, routes: Record<string, ManifestRoute | undefined>) {
  if (Object.keys(routes).length === 0) return boot
  const start = boot.indexOf(MANIFEST_START)
  const end = start === -1 ? -1 : boot.indexOf(MANIFEST_END, start)
  if (end === -1) return boot
  let manifest: { routes?: Record<string, unknown> }
  try {
    manifest = JSON.parse(boot.slice(start + MANIFEST_START.length, end)) as typeof manifest
  } catch {
    return boot
  }
  if (!manifest.routes || typeof manifest.routes !== 'object') return boot
  manifest.routes = { ...routes, ...manifest.routes }
  // JSON in a script: `<` escaped so that no `</script>` can close it early.
  const json = JSON.stringify(manifest).replace(/</g, '\\u003c')
  return boot.slice(0, start + MANIFEST_START.length) + json + boot.slice(end)
}

/**
 * The inline script that starts the app: classic, old-browser-safe JavaScript. It preloads the
 * modules (in parallel, as the links did) and runs the boot module's text as a module script.
 */
export function bootLoader(hrefs: string[]) {
  // JSON in a script: `<` escaped so that no `</script>` can close it early.
  const list = JSON.stringify(hrefs).replace(/</g, '\\u003c')
  return (
    '(function(h){var d=document,w=window,done=false;' +
    'function boot(){if(done)return;done=true;' +
    'for(var i=0;i<h.length;i++){var l=d.createElement("link");l.rel="modulepreload";l.href=h[i];d.head.appendChild(l)}' +
    `var c=d.getElementById(${JSON.stringify(DEFERRED_BOOT_ID)}),s=d.createElement("script");` +
    's.type="module";s.textContent=c?c.textContent:"";d.head.appendChild(s)}' +
    'function later(){w.requestAnimationFrame(function(){setTimeout(boot,0)})}' +
    'if(d.readyState==="complete")later();else w.addEventListener("load",later);' +
    `setTimeout(boot,${BOOT_TIMEOUT_MS})` +
    `})(${list})`
  )
}
