import vm from 'node:vm'
import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import {
  BOOT_TIMEOUT_MS,
  bootLoader,
  DEFERRED_BOOT_ID,
  deferAppScripts as deferPageScripts,
  isReaderPage,
  readerRoutes,
} from './deferred-scripts.server'
import { inlineScriptHashes, sha256Source } from './security-headers.server'

// The shape React Router 7's <Scripts> renders (links hoisted into the head by React).
const BOOT = [
  ';',
  'import * as route0 from "/assets/root-A.js";',
  'import * as route1 from "/assets/_site-B.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/_site":route1};',
  '',
  'import("/assets/entry.client-C.js");',
].join('\n')
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<link rel="preload" as="image" imageSrcSet="/media/a-640.webp 640w" fetchPriority="high"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-C.js"/>' +
  '<link rel="modulepreload" href="/assets/jsx-runtime-D.js"/>' +
  '<link rel="modulepreload" href="/assets/root-A.js"/>' +
  '<link rel="modulepreload" href="/assets/_site-B.js"/>' +
  '<link rel="modulepreload" href="/assets/jsx-runtime-D.js"/>' +
  '</head><body><main><img src="/media/a-828.webp"/></main>' +
  '<script>window.__reactRouterContext = {};</script>' +
  `<script type="module" async="">${BOOT}</script>` +
  '<!--$--><script>window.__reactRouterContext.streamController.enqueue("x");</script><!--/$-->' +
  '</body></html>'

/** deferAppScripts over the page's bytes, read back as text. */
function defer(page: string, routes?: Parameters<typeof deferPageScripts>[1]) {
  return deferPageScripts(Buffer.from(page), routes).toString()
}

describe('deferAppScripts', () => {
  const html = defer(PAGE)

  it('takes the modulepreload links out of the head and keeps everything else', () => {
    expect(html).not.toContain('<link rel="modulepreload"')
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"')
    expect(html).toContain('<link rel="preload" as="image"')
    expect(html).toContain('<script>window.__reactRouterContext = {};</script>')
    expect(html).toContain('streamController.enqueue("x")')
  })

  it('turns the boot module into an inert data block with the same text, so the same CSP hash', () => {
    expect(html).not.toContain('<script type="module"')
    expect(html).toContain(
      `<script type="text/x-deferred-module" id="${DEFERRED_BOOT_ID}">${BOOT}</script>`,
    )
    expect(inlineScriptHashes(html)).toContain(sha256Source(BOOT))
  })

  it('follows the data block with the loader, which lists each module once, in order', () => {
    const loader = bootLoader([
      '/assets/entry.client-C.js',
      '/assets/jsx-runtime-D.js',
      '/assets/root-A.js',
      '/assets/_site-B.js',
    ])
    expect(html).toContain(`${BOOT}</script><script>${loader}</script><!--$-->`)
    expect(inlineScriptHashes(html)).toContain(sha256Source(loader))
  })

  it('leaves a page it does not recognise as it is', () => {
    const noBoot = PAGE.replace('<script type="module" async="">', '<script>')
    expect(defer(noBoot)).toBe(noBoot)
    const twoBoots = PAGE.replace(
      '<!--$-->',
      `<script type="module" async="">${BOOT}</script><!--$-->`,
    )
    expect(defer(twoBoots)).toBe(twoBoots)
    const withIntegrity = PAGE.replace(
      '<link rel="modulepreload" href="/assets/root-A.js"/>',
      '<link rel="modulepreload" href="/assets/root-A.js" integrity="sha384-x"/>',
    )
    expect(defer(withIntegrity)).toBe(withIntegrity)
    // Links are looked for in the head, the boot module in the body: elsewhere, hands off.
    const preloadInBody = PAGE.replace(
      '<main>',
      '<main><link rel="modulepreload" href="/assets/late-E.js"/>',
    )
    expect(defer(preloadInBody)).toBe(preloadInBody)
    const bootInHead = PAGE.replace('</body>', '')
      .replace(`<script type="module" async="">${BOOT}</script>`, '')
      .replace('</head>', `<script type="module" async="">${BOOT}</script></head>`)
    expect(defer(bootInHead)).toBe(bootInHead)
  })

  it('escapes `<` in the module list, so no URL can close the loader early', () => {
    expect(bootLoader(['/assets/</script>.js'])).not.toContain('</script>')
  })
})

/** A document and window just large enough for the loader, with timers and frames by hand. */
function fakeBrowser(readyState: 'loading' | 'complete') {
  const appended: Record<string, string>[] = []
  const listeners: Record<string, () => void> = {}
  const timers: { ms: number; fn: () => void }[] = []
  const frames: (() => void)[] = []
  const element = (tag: string) => ({ tag }) as Record<string, string>
  const document = {
    readyState,
    head: { appendChild: (el: Record<string, string>) => appended.push({ ...el }) },
    createElement: element,
    getElementById: (id: string) => (id === DEFERRED_BOOT_ID ? { textContent: BOOT } : null),
  }
  const window = {
    addEventListener: (name: string, fn: () => void) => (listeners[name] = fn),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
  }
  const context = vm.createContext({
    document,
    window,
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  })
  return {
    run: (code: string) => vm.runInContext(code, context),
    appended,
    fire: (name: string) => listeners[name]?.(),
    frame: () => frames.splice(0).forEach((fn) => fn()),
    tick: (ms: number) =>
      timers
        .filter((t) => t.ms === ms)
        .forEach((t) => {
          timers.splice(timers.indexOf(t), 1)
          t.fn()
        }),
  }
}

describe('the loader', () => {
  const hrefs = ['/assets/entry.client-C.js', '/assets/root-A.js']

  it('waits for the load event and the next frame, then preloads the modules and boots', () => {
    const browser = fakeBrowser('loading')
    browser.run(bootLoader(hrefs))
    expect(browser.appended).toEqual([])
    browser.fire('load')
    expect(browser.appended).toEqual([])
    browser.frame()
    browser.tick(0)
    expect(browser.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: hrefs[0] },
      { tag: 'link', rel: 'modulepreload', href: hrefs[1] },
      { tag: 'script', type: 'module', textContent: BOOT },
    ])
    // Once only, whatever fires after.
    browser.tick(BOOT_TIMEOUT_MS)
    expect(browser.appended).toHaveLength(3)
  })

  it('boots after a frame when the page has loaded already', () => {
    const browser = fakeBrowser('complete')
    browser.run(bootLoader(hrefs))
    browser.frame()
    browser.tick(0)
    expect(browser.appended.map((el) => el.tag)).toEqual(['link', 'link', 'script'])
  })

  it('boots anyway when the load event is late', () => {
    const browser = fakeBrowser('loading')
    browser.run(bootLoader(hrefs))
    browser.tick(BOOT_TIMEOUT_MS)
    expect(browser.appended.map((el) => el.tag)).toEqual(['link', 'link', 'script'])
    browser.fire('load')
    browser.frame()
    browser.tick(0)
    expect(browser.appended).toHaveLength(3)
  })
})

const route = (id: string, parentId: string | undefined, path?: string) => ({
  id,
  parentId,
  path,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  module: `/assets/${id}.js`,
  imports: [],
  css: [],
})

// The boot module as React Router writes it with its partial manifest (the page's own routes).
const PARTIAL = {
  entry: { module: '/assets/entry.client-C.js', imports: [], css: [] },
  routes: {
    root: route('root', undefined, ''),
    'routes/_site': route('routes/_site', 'root'),
    'routes/_site._index': { ...route('routes/_site._index', 'routes/_site'), index: true },
  },
  url: '/assets/manifest-1.js',
  version: '1',
}
const BOOT_WITH_MANIFEST = [
  ';',
  'import * as route0 from "/assets/root-A.js";',
  `  window.__reactRouterManifest = ${JSON.stringify(PARTIAL, null, 2)};`,
  '  window.__reactRouterRouteModules = {"root":route0};',
  '',
  'import("/assets/entry.client-C.js");',
].join('\n')

describe('the reader routes in the boot manifest', () => {
  const full = {
    ...PARTIAL.routes,
    'routes/_site.about': route('routes/_site.about', 'routes/_site', 'about'),
    'routes/_site.article.$slug': route(
      'routes/_site.article.$slug',
      'routes/_site',
      'article/:slug',
    ),
    'routes/admin': route('routes/admin', 'root', 'admin'),
    'routes/admin._index': route('routes/admin._index', 'routes/admin'),
  }
  const context = { manifest: { routes: full } } as unknown as EntryContext

  it('are the root, the reader layout and its children, not the back office', () => {
    expect(Object.keys(readerRoutes(context)).sort()).toEqual([
      'root',
      'routes/_site',
      'routes/_site._index',
      'routes/_site.about',
      'routes/_site.article.$slug',
    ])
  })

  const page = PAGE.replace(BOOT, BOOT_WITH_MANIFEST)
  const bootOf = (html: string) => {
    const open = `<script type="text/x-deferred-module" id="${DEFERRED_BOOT_ID}">`
    const start = html.indexOf(open) + open.length
    return html.slice(start, html.indexOf('</script>', start))
  }
  const manifestOf = (boot: string) =>
    JSON.parse(
      boot.slice(
        boot.indexOf('window.__reactRouterManifest = ') + 'window.__reactRouterManifest = '.length,
        boot.indexOf(';\n  window.__reactRouterRouteModules'),
      ),
    ) as Omit<typeof PARTIAL, 'routes'> & { routes: Record<string, unknown> }

  it('are added to the partial manifest, which keeps its own entries and the rest of the module', () => {
    const boot = bootOf(defer(page, readerRoutes(context)))
    const manifest = manifestOf(boot)
    expect(Object.keys(manifest.routes).sort()).toEqual(Object.keys(readerRoutes(context)).sort())
    expect(manifest.routes['routes/_site._index']).toEqual(PARTIAL.routes['routes/_site._index'])
    expect(manifest.routes['routes/_site.about']).toEqual(full['routes/_site.about'])
    expect({ ...manifest, routes: undefined }).toEqual({ ...PARTIAL, routes: undefined })
    expect(boot.startsWith(';\nimport * as route0 from "/assets/root-A.js";\n')).toBe(true)
    expect(boot.endsWith('import("/assets/entry.client-C.js");')).toBe(true)
  })

  it('are added once per boot module: the next page of the same routes gets the same text', () => {
    const routes = readerRoutes(context)
    expect(readerRoutes(context)).toBe(routes)
    expect(defer(page, routes)).toBe(defer(page, routes))
    const other = page.replace('"version": "1"', '"version": "2"')
    expect(manifestOf(bootOf(defer(other, routes))).version).toBe('2')
  })

  it('leave a boot module without a readable manifest as it is', () => {
    expect(bootOf(defer(PAGE, readerRoutes(context)))).toBe(BOOT)
    const broken = page.replace('"version": "1"', '"version": ')
    expect(bootOf(defer(broken, readerRoutes(context)))).toBe(bootOf(defer(broken)))
  })
})

describe('isReaderPage', () => {
  const context = (leafHandle: unknown) =>
    ({
      staticHandlerContext: {
        matches: [{ route: { id: 'root' } }, { route: { id: 'routes/leaf' } }],
      },
      routeModules: { root: {}, 'routes/leaf': { handle: leafHandle } },
    }) as unknown as EntryContext

  it('is the leaf route’s deferToaster', () => {
    expect(isReaderPage(context({ deferToaster: true }))).toBe(true)
    expect(isReaderPage(context(undefined))).toBe(false)
    expect(isReaderPage(context({ deferToaster: false }))).toBe(false)
  })
})
