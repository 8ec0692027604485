import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'

// Reads import specifiers statically (static, type-only and dynamic imports alike), so it costs
// no module loading. Only our own modules count: `~/…`, `@db/…` and relative paths.
const root = path.resolve(import.meta.dirname, '..')
const scanned = ['app', 'server', 'db'].map((dir) => path.join(root, dir))
const aliases: [string, string][] = [
  ['~/', path.join(root, 'app')],
  ['@db/', path.join(root, 'db')],
]
const extensions = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}

function resolve(from: string, specifier: string): string | null {
  const alias = aliases.find(([prefix]) => specifier.startsWith(prefix))
  let base: string
  if (alias) base = path.join(alias[1], specifier.slice(alias[0].length))
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier)
  else return null
  for (const extension of extensions) {
    const candidate = base + extension
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return null // generated (`./+types/…`) or outside the tree
}

function importGraph() {
  const graph = new Map<string, string[]>()
  for (const file of scanned.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    const targets = importedFiles
      .map(({ fileName }) => resolve(file, fileName))
      .filter((target): target is string => target !== null)
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Strongly connected components with more than one module, or a module importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  function visit(node: string) {
    index.set(node, next)
    low.set(node, next++)
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

const relative = (file: string) => path.relative(root, file)
const under = (...segments: string[]) => path.join(root, ...segments) + path.sep
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

/** Imports from files under `from` to files under any of `to`, as "file → target". */
function crossings(graph: Map<string, string[]>, from: string, to: (target: string) => boolean) {
  return [...graph]
    .filter(([file]) => file.startsWith(from))
    .flatMap(([file, targets]) =>
      targets.filter(to).map((target) => `${relative(file)} → ${relative(target)}`),
    )
}

/**
 * The domain's areas (`app/domain/<area>/`) as one node each, and the modules at the domain's
 * root (shared by the areas, such as domain-error.ts) as one more. Tests are left out: nothing
 * imports a test, and a test may use several areas together to check how they meet.
 */
function areaGraph(graph: Map<string, string[]>) {
  const domain = under('app', 'domain')
  const areaOf = (file: string) => {
    if (!file.startsWith(domain)) return null
    const [first, ...rest] = path.relative(domain, file).split(path.sep)
    return rest.length === 0 ? '(domain root)' : first!
  }
  const areas = new Map<string, Set<string>>()
  for (const [file, targets] of graph) {
    const area = areaOf(file)
    if (area === null || isTest(file)) continue
    const edges = areas.get(area) ?? new Set<string>()
    for (const target of targets) {
      const targetArea = areaOf(target)
      if (targetArea !== null && targetArea !== area) edges.add(targetArea)
    }
    areas.set(area, edges)
  }
  return new Map([...areas].map(([area, edges]) => [area, [...edges]]))
}

describe('import boundaries', () => {
  const graph = importGraph()

  test('no module imports itself, directly or through others', () => {
    expect(cycles(graph).map((component) => component.map(relative))).toEqual([])
  })

  test('no domain area imports itself through other areas', () => {
    // Files may form no loop, and neither may areas: an area that needs another's rule and
    // is needed by it shares that rule through a module both import (the domain's root).
    expect(cycles(areaGraph(graph))).toEqual([])
  })

  test('infra never imports domain', () => {
    const domain = under('app', 'domain')
    expect(crossings(graph, under('app', 'infra'), (t) => t.startsWith(domain))).toEqual([])
  })

  test('domain never imports routes or components', () => {
    const http = [under('app', 'routes'), under('app', 'components')]
    expect(
      crossings(graph, under('app', 'domain'), (t) => http.some((dir) => t.startsWith(dir))),
    ).toEqual([])
  })

  test('lib imports only lib', () => {
    // lib is what the browser and every layer may share, so it stands on nothing of ours.
    const lib = under('app', 'lib')
    expect(crossings(graph, lib, (t) => !t.startsWith(lib))).toEqual([])
  })
})
