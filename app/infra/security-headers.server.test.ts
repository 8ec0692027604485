import { describe, expect, it } from 'vitest'
import { EMBED_FRAME_ORIGINS } from '~/lib/embed-providers'
import { contentSecurityPolicy, inlineScriptHashes, sha256Source } from './security-headers.server'

describe('contentSecurityPolicy: frames', () => {
  it("frames the site and the embed providers' origins only (issue 40)", () => {
    const frameSrc = contentSecurityPolicy()
      .split('; ')
      .find((directive) => directive.startsWith('frame-src '))!
      .split(' ')
      .slice(1)
    expect(frameSrc).toEqual(["'self'", ...EMBED_FRAME_ORIGINS])
    expect(frameSrc).toContain('https://www.youtube-nocookie.com')
    expect(frameSrc).not.toContain('https:')
  })
})

describe('inlineScriptHashes', () => {
  it('hashes each inline script once, whatever its type, and no script loaded from a file', () => {
    const page =
      '<!DOCTYPE html><html><head><script>one()</script>' +
      '<script type="application/ld+json">{"@type":"NewsArticle"}</script>' +
      '<script type="module" src="/assets/a.js"></script><script async="" src="/b.js"></script>' +
      '</head><body><p>a &lt;script&gt; in text</p><script></script>' +
      '<script>one()</script><script type="module" async="">import("/c.js")</script></body></html>'
    expect(inlineScriptHashes(page).sort()).toEqual(
      ['one()', '{"@type":"NewsArticle"}', 'import("/c.js")'].map(sha256Source).sort(),
    )
  })

  it('is not misled by other elements whose names begin with "script"', () => {
    const page = '<scripts-list data-x="1">list</scripts-list><script>two()</script>'
    expect(inlineScriptHashes(page)).toEqual([sha256Source('two()')])
  })

  it('reads a script across lines and with a `<` inside', () => {
    const script = '\n  if (a < b) go()\n'
    expect(inlineScriptHashes(`<body><script>${script}</script></body>`)).toEqual([
      sha256Source(script),
    ])
  })

  it('hashes the UTF-8 bytes of a script with characters outside ASCII, given text or bytes', () => {
    const script = 'say("“Café” — 東京")'
    const page = `<body><p>é</p><script>${script}</script></body>`
    expect(inlineScriptHashes(page)).toEqual([sha256Source(script)])
    expect(inlineScriptHashes(Buffer.from(page))).toEqual([sha256Source(script)])
  })

  it('keeps a long script’s hash by its exact bytes (the boot module on every render)', () => {
    const long = (tail: string) => `go(${JSON.stringify('“é” '.repeat(3000))}, "${tail}")`
    for (const script of [long('a'), long('a'), long('b'), long('a')]) {
      expect(inlineScriptHashes(Buffer.from(`<body><script>${script}</script></body>`))).toEqual([
        sha256Source(script),
      ])
    }
  })

  it('gives an unterminated script no hash', () => {
    expect(inlineScriptHashes('<body><script>never()')).toEqual([])
  })
})
