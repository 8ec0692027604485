import type { Plugin } from 'vite'

/**
 * React Router's document render rebuilds, for every request, things that depend only on the
 * build (docs/decisions/0031): the route tree handed to its static router (`createServerRoutes`
 * and `convertRoutesToDataRoutes`, some 100 routes each time), and the boot module's partial
 * manifest, which it finds by matching every route against each parent of the address, then
 * pretty-prints as JSON. Together about a tenth of an uncached page's CPU.
 *
 * This plugin keeps those results in the server build (the `ssr` environment only), by
 * rewriting a few exact lines of React Router's production bundle:
 * - the server routes, once per build manifest;
 * - the static router's data routes, once per route tree (the same tree, from the above);
 * - the partial manifest's JSON, per build manifest, matched routes and parent address.
 *
 * Each edit must match exactly once, or the build fails and names it: a React Router upgrade
 * that changes these lines is noticed at build time, never silently run unpatched or misread.
 */

export interface SourceEdit {
  /** What the edit is for, named in the error when it does not apply. */
  name: string
  /** The file of react-router/dist/production it applies to (its name, without hash). */
  file: RegExp
  find: RegExp
  replace: string
  /** Added at the end of the file, once. */
  append?: string
}

export const REACT_ROUTER_EDITS: SourceEdit[] = [
  {
    name: 'ServerRouter: server routes once per build manifest',
    file: /chunk-[A-Z0-9]+\.mjs$/,
    find: /let routes = createServerRoutes\(\s*manifest\.routes,\s*routeModules,\s*context\.future,\s*context\.isSpaMode\s*\);/,
    replace:
      'let routes = __broadsheetServerRoutes(manifest.routes, context.isSpaMode, () => createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode));',
    append: `
var __broadsheetServerRoutesKept = new WeakMap();
function __broadsheetServerRoutes(manifestRoutes, isSpaMode, create) {
  let kept = __broadsheetServerRoutesKept.get(manifestRoutes);
  if (!kept) __broadsheetServerRoutesKept.set(manifestRoutes, kept = {});
  let key = isSpaMode ? "spa" : "ssr";
  return kept[key] ??= create();
}
`,
  },
  {
    name: 'createStaticRouter: data routes once per route tree',
    file: /chunk-[A-Z0-9]+\.mjs$/,
    find: /function createStaticRouter\(routes, context, opts = \{\}\) \{\s*let manifest = \{\};\s*let dataRoutes = convertRoutesToDataRoutes\(\s*routes,\s*mapRouteProperties,\s*void 0,\s*manifest\s*\);/,
    replace:
      'function createStaticRouter(routes, context, opts = {}) {\n  let { manifest, dataRoutes } = __broadsheetDataRoutes(routes);',
    append: `
var __broadsheetDataRoutesKept = new WeakMap();
function __broadsheetDataRoutes(routes) {
  let kept = __broadsheetDataRoutesKept.get(routes);
  if (!kept) {
    let manifest = {};
    let dataRoutes = convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest);
    __broadsheetDataRoutesKept.set(routes, kept = { manifest, dataRoutes });
  }
  return kept;
}
`,
  },
  {
    name: "Scripts: the partial manifest's JSON per manifest, matches and parent address",
    file: /chunk-[A-Z0-9]+\.mjs$/,
    find: /JSON\.stringify\(\s*getPartialManifest\(manifest, router\),\s*null,\s*2\s*\)/,
    replace: '__broadsheetPartialManifestJson(manifest, router)',
    append: `
var __broadsheetPartialManifests = new WeakMap();
function __broadsheetPartialManifestJson(manifest, router) {
  let state = router.state;
  // getPartialManifest reads the matched routes' ids and the address's parents (its path
  // without the last segment); the key carries both, and the basename, exactly.
  let key = (router.basename || "/") + "\\n" +
    state.matches.map((m) => m.route.id).join("\\n") + "\\n\\n" +
    state.location.pathname.split("/").slice(0, -1).join("/");
  let kept = __broadsheetPartialManifests.get(manifest);
  if (!kept) __broadsheetPartialManifests.set(manifest, kept = new Map());
  let json = kept.get(key);
  if (json === void 0) {
    if (kept.size >= 1000) kept.clear();
    json = JSON.stringify(getPartialManifest(manifest, router), null, 2);
    kept.set(key, json);
  }
  return json;
}
`,
  },
]

/** `code` with every edit for `fileName` made; throws when one does not match exactly once. */
export function applyEdits(code: string, fileName: string, edits: SourceEdit[]): string {
  let result = code
  const appended: string[] = []
  for (const edit of edits) {
    if (!edit.file.test(fileName)) continue
    const found = result.match(new RegExp(edit.find.source, 'g'))?.length ?? 0
    if (found === 0) continue
    if (found > 1) throw new Error(`${edit.name}: matched ${found} times in ${fileName}`)
    result = result.replace(edit.find, () => edit.replace)
    if (edit.append) appended.push(edit.append)
    applied.add(edit.name)
  }
  return appended.length ? `${result}\n${appended.join('\n')}` : result
}

const applied = new Set<string>()

export function reactRouterMemo(): Plugin {
  let building = false
  return {
    name: 'broadsheet:react-router-memo',
    config(_config, env) {
      building = env.command === 'build'
    },
    buildStart() {
      if (this.environment.name === 'ssr') applied.clear()
    },
    transform(code, id) {
      if (!building || this.environment.name !== 'ssr') return
      if (!/[\\/]react-router[\\/]dist[\\/]production[\\/]/.test(id)) return
      const edited = applyEdits(code, id, REACT_ROUTER_EDITS)
      return edited === code ? undefined : { code: edited, map: null }
    },
    buildEnd(error) {
      if (error || !building || this.environment.name !== 'ssr') return
      const missing = REACT_ROUTER_EDITS.filter((edit) => !applied.has(edit.name))
      if (missing.length)
        this.error(
          `React Router's bundle changed; these edits found nothing to change: ${missing
            .map((edit) => edit.name)
            .join('; ')} (server/react-router-memo.ts)`,
        )
    },
  }
}
