import fs from 'node:fs'
import path from 'node:path'
import * as prettier from 'prettier'

const DOC = path.resolve('docs/performance.md')

/**
 * Replaces what lies between `<!-- bench:<name>:start -->` and `<!-- bench:<name>:end -->` in
 * docs/performance.md, so that a benchmark rewrites its own section and nothing else; formatted
 * as `npm run lint` wants it (tables aligned).
 */
export async function writeDocSection(name: string, raw: string) {
  const options = (await prettier.resolveConfig(DOC)) ?? {}
  const markdown = await prettier.format(raw, { ...options, parser: 'markdown' })
  const startMarker = `<!-- bench:${name}:start -->`
  const endMarker = `<!-- bench:${name}:end -->`
  const doc = fs.readFileSync(DOC, 'utf8')
  const start = doc.indexOf(startMarker)
  const end = doc.indexOf(endMarker)
  if (start === -1 || end < start) {
    throw new Error(`docs/performance.md has no ${startMarker} … ${endMarker} markers`)
  }
  fs.writeFileSync(
    DOC,
    `${doc.slice(0, start + startMarker.length)}\n\n${markdown.trim()}\n\n${doc.slice(end)}`,
  )
}
