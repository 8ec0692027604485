import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { MATRIX, plannedFor, SHARDS, shardRoutes, type Handler } from '../setup/access-matrix'
import { loadRouteManifest, type ManifestRoute } from '../setup/route-manifest'

/*
 * Who may do what, over every route of the app: the matrix and its probes are in
 * tests/setup/access-matrix.ts, run in SHARDS parts by access-matrix-<n>.test.ts (in parallel,
 * one Vitest worker each). Here: every route is classified, every loader and action has a probe,
 * and the parts together try every route, over 500 direct calls and 500 requests over HTTP.
 */

let manifest: ManifestRoute[] = []

beforeAll(async () => {
  manifest = await loadRouteManifest()
})

describe('role × route × intent', () => {
  it('classifies every route of the manifest', () => {
    const files = manifest.map((route) => route.file)
    expect(files.filter((file) => !(file in MATRIX))).toEqual([])
    expect(Object.keys(MATRIX).filter((file) => !files.includes(file))).toEqual([])
  })

  it('gives every route with an action at least one post to try, and every loader a GET', async () => {
    const missing: string[] = []
    for (const route of manifest) {
      const mod = (await import(/* @vite-ignore */ `../../app/${route.file}`)) as Record<
        string,
        Handler | undefined
      >
      const probes = MATRIX[route.file] ?? []
      if (mod.action && !probes.some((p) => p.method && p.method !== 'GET')) {
        missing.push(`${route.file}: action`)
      }
      if (mod.loader && !probes.some((p) => !p.method || p.method === 'GET')) {
        missing.push(`${route.file}: loader`)
      }
    }
    expect(missing).toEqual([])
  })

  it('runs every route in exactly one part, each part in a file of its own', async () => {
    const parts = Array.from({ length: SHARDS }, (_, i) => shardRoutes(manifest, i + 1))
    const dealt = parts.flat().map((route) => route.id)
    expect([...dealt].sort()).toEqual(manifest.map((route) => route.id).sort())
    for (const part of parts) expect(part.length).toBeGreaterThan(0)

    const dir = path.dirname(new URL(import.meta.url).pathname)
    const files = fs.readdirSync(dir).filter((name) => /^access-matrix-\d+\.test\.ts$/.test(name))
    expect(files.sort()).toEqual(
      Array.from({ length: SHARDS }, (_, i) => `access-matrix-${i + 1}.test.ts`).sort(),
    )

    const planned = await plannedFor(manifest)
    expect(planned.direct).toBeGreaterThan(500)
    expect(planned.data).toBeGreaterThan(500)
    expect(planned.dataRoutes).toBeGreaterThan(150)
  })
})
