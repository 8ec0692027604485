import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { applyEdits, REACT_ROUTER_EDITS } from './react-router-memo'

const require = createRequire(import.meta.url)
const productionDir = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production',
)
const bundleFiles = fs
  .readdirSync(productionDir)
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => ({ name, code: fs.readFileSync(path.join(productionDir, name), 'utf8') }))

describe("React Router's bundle, as the server build edits it", () => {
  it.each(REACT_ROUTER_EDITS.map((edit) => [edit.name, edit] as const))(
    '%s: the installed version has the lines, once',
    (_name, edit) => {
      const hits = bundleFiles.flatMap(({ name, code }) =>
        edit.file.test(name) ? (code.match(new RegExp(edit.find.source, 'g')) ?? []) : [],
      )
      expect(hits).toHaveLength(1)
    },
  )

  it('gives edited files that still parse, with each helper defined once', () => {
    for (const { name, code } of bundleFiles) {
      const edited = applyEdits(code, name, REACT_ROUTER_EDITS)
      if (edited === code) continue
      for (const helper of edited.match(/function __broadsheet\w+/g) ?? [])
        expect(edited.split(helper).length - 1, helper).toBe(1)
      // Parsed as the module it is: a syntax error throws.
      expect(() => parseAst(edited), name).not.toThrow()
    }
  })

  it('refuses an edit that would apply in two places', () => {
    const [edit] = REACT_ROUTER_EDITS
    const line =
      'let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);'
    expect(() => applyEdits(`${line}\n${line}`, 'chunk-ABC.mjs', [edit!])).toThrow(
      /matched 2 times/,
    )
  })
})
