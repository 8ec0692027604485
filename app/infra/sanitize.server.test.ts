import { describe, it, expect } from 'vitest'
import { XSS_VECTORS } from '../../tests/setup/xss-vectors'
import { galleryHtml } from '~/lib/gallery'
import {
  htmlToPlainText,
  renderArticleHtml,
  sanitizeArticleHtml,
  sanitizePageHtml,
} from './sanitize.server'

const REL = 'rel="noopener noreferrer nofollow"'

// What may appear in sanitized output, tag by tag. Used as an invariant over every hostile
// input: sanitize-html escapes "<" in text, so every "<" in the output must open one of these.
const ALLOWED: Record<string, string[]> = {
  a: ['href', 'target', 'rel', 'title'],
  img: [
    'src',
    'alt',
    'title',
    'width',
    'height',
    'loading',
    'data-media-id',
    'data-alt',
    'data-caption',
  ],
  ol: ['start', 'type'],
  code: ['class'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  figure: [
    'data-gallery',
    'data-block',
    'data-embed',
    'data-url',
    'data-title',
    'data-author',
    'data-thumbnail',
  ],
  aside: ['data-block', 'data-article-id', 'data-title'],
  ...Object.fromEntries(
    'p br strong b em i u s pre blockquote h1 h2 h3 h4 h5 h6 ul li hr figcaption table caption thead tbody tr small'
      .split(' ')
      .map((tag) => [tag, []]),
  ),
}

// What the reader's page adds: a region around a table (lib/scrollable-tables.ts), and each
// embed's click-to-load card (lib/embed-placeholder.ts).
const SHOWN: Record<string, string[]> = {
  ...ALLOWED,
  a: [...ALLOWED.a, 'class'],
  img: [...ALLOWED.img, 'class', 'decoding'],
  figure: [
    'data-gallery',
    'data-block',
    'class',
    'data-embed-kind',
    'data-embed-src',
    'data-embed-name',
    'data-embed-height',
    'data-embed-aspect',
  ],
  span: ['class'],
  div: ['class', 'role', 'tabindex', 'aria-label', 'hidden'],
  button: ['type', 'class', 'data-embed-load', 'data-embed-always'],
  p: ['class'],
}

function expectOnlyAllowedMarkup(html: string, allowed: Record<string, string[]> = ALLOWED) {
  const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*\/?>/g
  for (const [, , name, attrs] of html.matchAll(TAG)) {
    expect(Object.keys(allowed), `tag <${name}>`).toContain(name)
    for (const [, attr, value = ''] of attrs.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) {
      expect(allowed[name], `attribute ${attr} on <${name}>`).toContain(attr)
      if (attr === 'href' || attr === 'src') {
        expect(value.replace(/[\s\p{Cc}]/gu, '')).not.toMatch(/^(?:javascript|data|vbscript):/i)
      }
    }
  }
  expect(html.replace(TAG, ''), 'stray "<" outside an allowed tag').not.toContain('<')
}

/**
 * Belt and braces beside the allow-list check, reading attributes as a browser does: no event
 * handler attribute, no value whose URL scheme (entities decoded, leading controls and spaces
 * and inner tabs and newlines dropped, as the URL parser does) runs script or carries a
 * document, and no script, frame, object or other active element.
 */
function expectNoActiveContent(html: string) {
  const TAG = /<([a-z][a-z0-9]*)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/g
  for (const [, , attrs] of html.matchAll(TAG)) {
    for (const [, name, value = ''] of attrs.matchAll(/([a-z-]+)(?:="([^"]*)")?/g)) {
      expect(name, 'event handler attribute').not.toMatch(/^on/i)
      const url = value
        .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
        .replace(/&colon;/gi, ':')
        .replace(/&tab;/gi, '\t')
        .replace(/&newline;/gi, '\n')
        // eslint-disable-next-line no-control-regex -- what the URL parser strips in front
        .replace(/^[\x00-\x20]+/, '')
        .replace(/[\t\n\r]/g, '')
      expect(url).not.toMatch(/^(?:javascript|vbscript|livescript|data):/i)
    }
  }
  expect(html).not.toMatch(/<(?:script|iframe|object|embed|svg|math|style|base|meta|link|form)\b/i)
}

const HOSTILE: Array<[string, string, string]> = [
  ['script element', '<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
  ['img onerror', '<img src=x onerror=alert(1)>', '<img src="x" />'],
  ['javascript: href', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['mixed-case scheme', '<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
  ['decimal entities', '<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
  ['hex entities and &colon;', '<a href="&#x6A;&#x61;vascript&colon;alert(1)">x</a>', '<a>x</a>'],
  ['leading spaces', '<a href="  javascript:alert(1)">x</a>', '<a>x</a>'],
  ['leading control character', '<a href="\u0001javascript:alert(1)">x</a>', '<a>x</a>'],
  ['tab inside the scheme', '<a href="java\tscript:alert(1)">x</a>', '<a>x</a>'],
  ['encoded tab', '<a href="java&#9;script:alert(1)">x</a>', '<a>x</a>'],
  ['named tab entity', '<a href="java&Tab;script:alert(1)">x</a>', '<a>x</a>'],
  ['encoded newline', '<a href="jav&#x0A;ascript:alert(1)">x</a>', '<a>x</a>'],
  ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
  [
    'data: link',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a>x</a>',
  ],
  ['data: image', '<img src="data:image/png;base64,AAAA" alt="a"><p>t</p>', '<p>t</p>'],
  ['javascript: image', '<img src="javascript:alert(1)">', ''],
  [
    'srcset smuggling',
    '<img src="/a.png" srcset="javascript:alert(1) 1x">',
    '<img src="/a.png" />',
  ],
  [
    'event handler on a link',
    '<a href="https://x.test" onmouseover="a()">h</a>',
    `<a href="https://x.test" target="_blank" ${REL}>h</a>`,
  ],
  [
    'style, class and on* attributes',
    '<p style="color:red" class="x" onclick="a()">t</p>',
    '<p>t</p>',
  ],
  ['style element', '<style>@import "https://evil.test/x.css"</style><p>a</p>', '<p>a</p>'],
  ['iframe', '<iframe src="https://evil.test"></iframe><p>after</p>', '<p>after</p>'],
  ['markup inside an iframe', '<iframe><img src=x onerror=alert(1)></iframe>', '<img src="x" />'],
  ['svg onload', '<svg onload=alert(1)><circle/></svg>', ''],
  ['script inside svg', '<svg><script>alert(1)</script></svg>', ''],
  [
    'form and controls',
    '<form action="https://evil.test"><input name=a><button>go</button></form>',
    'go',
  ],
  [
    'noscript mXSS',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<p></p>',
  ],
  [
    'math/style mXSS',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<table></table>',
  ],
  [
    'table: handlers, styles and layout bombs dropped, a sane span kept',
    '<table onmouseover=a() border=9><caption onclick=a()>c</caption><tr><td background="javascript:a()" colspan=1000 style="x">x</td><th rowspan="2" scope=col>y</th></tr></table>',
    '<table><caption>c</caption><tr><td>x</td><th rowspan="2">y</th></tr></table>',
  ],
  [
    'table: colgroup and tfoot are not the editor’s',
    '<table><colgroup><col span=2 onclick=a()></colgroup><thead><tr><th colspan="3">h</th></tr></thead><tbody><tr><td rowspan="0">a</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>',
    '<table><thead><tr><th colspan="3">h</th></tr></thead><tbody><tr><td>a</td></tr></tbody><tr><td>f</td></tr></table>',
  ],
  ['svg/style mXSS', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">', '<p></p>'],
  ['textarea', '<textarea><img src=x onerror=alert(1)></textarea>', ''],
  ['xmp', '<xmp><img src=x onerror=alert(1)></xmp>', ''],
  ['comment', '<!-- <img src=x onerror=alert(1)> --><p>c</p>', '<p>c</p>'],
  [
    'base, meta refresh and link',
    '<base href="https://evil.test/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel=stylesheet href=x>',
    '',
  ],
  [
    'object, embed, video',
    '<object data="x"></object><embed src="x"><video src=x onerror=a()></video>',
    '',
  ],
  [
    'escaped markup stays text',
    '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  ],
  [
    'quote breaking out of an attribute',
    '<a href="https://ok.test/&quot;onclick=&quot;a()">q</a>',
    `<a href="https://ok.test/&quot;onclick=&quot;a()" target="_blank" ${REL}>q</a>`,
  ],
]

describe('sanitizeArticleHtml: blocks', () => {
  it('keeps a gallery exactly as lib/gallery.ts writes it', () => {
    const html = galleryHtml([
      {
        src: '/media/media/_v/a-640.webp',
        full: '/media/media/a.jpg',
        alt: 'Pier',
        caption: 'Dawn & "light"',
        credit: 'Photo: A <b>',
        width: 640,
        height: 427,
      },
      {
        src: 'https://cdn.test/b.jpg',
        full: 'https://cdn.test/b.jpg',
        alt: '',
        caption: '',
        credit: '',
        width: null,
        height: null,
      },
    ])
    expect(sanitizeArticleHtml(html)).toBe(html)
  })

  it('gives search the text of a table and of a gallery’s captions and credits', () => {
    const html =
      '<table><caption>Standings</caption><tbody><tr><th><p>Team</p></th><th><p>Pts</p></th></tr></tbody></table>' +
      galleryHtml([
        {
          src: '/a.png',
          full: '/a.png',
          alt: 'A',
          caption: 'Race one',
          credit: 'Photo: Ana',
          width: null,
          height: null,
        },
      ])
    expect(htmlToPlainText(html)).toBe('Standings\nTeam\nPts\nRace one\nPhoto: Ana')
  })

  it('keeps the gallery mark only without a value', () => {
    expect(sanitizeArticleHtml('<figure data-gallery="x"><figure></figure></figure>')).toBe(
      '<figure><figure></figure></figure>',
    )
  })
})

describe('sanitizeArticleHtml: hostile input', () => {
  it.each(HOSTILE)('%s', (_name, input, expected) => {
    const output = sanitizeArticleHtml(input)
    expect(output).toBe(expected)
    expectOnlyAllowedMarkup(output)
    // Sanitizing again changes nothing: the output does not parse into something new.
    expect(sanitizeArticleHtml(output)).toBe(output)
  })

  it('the invariant check itself catches what it should', () => {
    expect(() => expectOnlyAllowedMarkup('<img src="x" onerror="a()" />')).toThrow()
    expect(() => expectOnlyAllowedMarkup('<a href="javascript:a()">x</a>')).toThrow()
    expect(() => expectOnlyAllowedMarkup('<script>a()</script>')).toThrow()
    expect(() => expectOnlyAllowedMarkup('<p>ok</p>')).not.toThrow()
    expect(() => expectNoActiveContent('<p title="x" onclick="a()">t</p>')).toThrow()
    expect(() => expectNoActiveContent('<a href="java&#x09;script:a()">x</a>')).toThrow()
    expect(() => expectNoActiveContent('<svg></svg>')).toThrow()
    expect(() => expectNoActiveContent('<a href="&#x6A;avascript:a()">x</a>')).toThrow()
    expect(() => expectNoActiveContent('<p>onclick=a() javascript:a()</p>')).not.toThrow()
    expect(() => expectNoActiveContent('<a title="&lt;img onerror=a()&gt;">x</a>')).not.toThrow()
  })
})

describe('sanitizeArticleHtml: the XSS vector list (tests/setup/xss-vectors.ts)', () => {
  it('holds at least 150 vectors, each with its own number', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(150)
    expect(new Set(XSS_VECTORS.map((v) => v.id)).size).toBe(XSS_VECTORS.length)
  })

  it.each(XSS_VECTORS.map((v) => [v.id, v.family, v.html] as const))(
    'vector %i (%s) leaves only allowed markup and is a fixed point',
    (_id, _family, html) => {
      const once = sanitizeArticleHtml(html)
      expect(sanitizeArticleHtml(once)).toBe(once)
      expectOnlyAllowedMarkup(once)
      expectNoActiveContent(once)
    },
  )
})

describe('renderArticleHtml: the XSS vector list with a caption on every library image', () => {
  it.each(XSS_VECTORS.map((v) => [v.id, v.family, v.html] as const))(
    'vector %i (%s) leaves only allowed markup',
    (_id, _family, html) => {
      // Every image claims a media id, so every kept one takes the hostile text as its caption.
      const claimed = html.replace(/<img\b/gi, '<img data-media-id="a.jpg"')
      const shown = renderArticleHtml(claimed, () => ({ alt: html, caption: html }))
      expectOnlyAllowedMarkup(shown, SHOWN)
      // A frame is only ever one the provider table built.
      for (const [, src] of shown.matchAll(/data-embed-src="([^"]*)"/g))
        expect(src).toMatch(
          /^https:\/\/(?:www\.youtube-nocookie\.com|platform\.twitter\.com|www\.facebook\.com|maps\.google\.com|www\.google\.com)\//,
        )
      expectNoActiveContent(shown)
    },
  )
})

describe('sanitizeArticleHtml: links', () => {
  it('opens every kept link in a new tab with a safe rel, overriding the input', () => {
    expect(
      sanitizeArticleHtml('<a href="https://ok.test" target="_self" rel="opener" title="T">ok</a>'),
    ).toBe(`<a href="https://ok.test" target="_blank" ${REL} title="T">ok</a>`)
  })

  it.each([
    'https://example.com/a?b=1',
    'http://example.com',
    'ftp://files.example.com/a.pdf',
    'ftps://files.example.com/a.pdf',
    'mailto:news@example.com',
    'tel:+441234567890',
    'callto:someone',
    'sms:+441234567890',
    'cid:part1@example.com',
    'xmpp:editor@example.com',
    '/articles/budget',
    'budget',
    '#section-2',
    '?page=2',
    '//cdn.example.com/a',
  ])('keeps the allowed or relative href %s', (href) => {
    expect(sanitizeArticleHtml(`<a href="${href}">x</a>`)).toBe(
      `<a href="${href}" target="_blank" ${REL}>x</a>`,
    )
  })

  it.each(['file:///etc/passwd', 'ws://example.com', 'blob:https://x/1', 'chrome://settings'])(
    'removes the href with the unlisted scheme %s, and adds no target or rel',
    (href) => {
      expect(sanitizeArticleHtml(`<a href="${href}" target="_blank" rel="x">x</a>`)).toBe(
        '<a>x</a>',
      )
    },
  )

  it('leaves an anchor without href alone', () => {
    expect(sanitizeArticleHtml('<a>plain</a>')).toBe('<a>plain</a>')
  })
})

describe('sanitizeArticleHtml: images and lists', () => {
  it('keeps http(s) and relative image sources with their attributes', () => {
    const input =
      '<img src="https://cdn.example.com/a.webp" alt="" title="T" width="640" height="480" loading="lazy">'
    expect(sanitizeArticleHtml(input)).toBe(
      '<img src="https://cdn.example.com/a.webp" alt="" title="T" width="640" height="480" loading="lazy" />',
    )
    expect(sanitizeArticleHtml('<img src="/media/a.webp">')).toBe('<img src="/media/a.webp" />')
  })

  it('refuses ftp images, which links may use', () => {
    expect(sanitizeArticleHtml('<img src="ftp://x.test/a.png">')).toBe('')
  })

  it('drops attribute values the browser would not understand', () => {
    expect(sanitizeArticleHtml('<img src="/a.png" loading="bogus" width="100%" height="9">')).toBe(
      '<img src="/a.png" height="9" />',
    )
    expect(sanitizeArticleHtml('<ol start="x" type="disc"><li>y</li></ol>')).toBe(
      '<ol><li>y</li></ol>',
    )
  })

  it('keeps a library image’s media id and this use’s alt text and caption', () => {
    const input =
      '<img src="/media/media/_v/1-2-1200.webp" alt="A" data-media-id="1-2.jpg" data-alt="Own alt" data-caption="Own &amp; caption">'
    expect(sanitizeArticleHtml(input)).toBe(
      '<img src="/media/media/_v/1-2-1200.webp" alt="A" data-media-id="1-2.jpg" data-alt="Own alt" data-caption="Own &amp; caption" />',
    )
  })

  it('refuses a media id that is no stored name, overrides without one, and other data attributes', () => {
    for (const id of ['../etc/passwd', '_v/1-2-1200.webp', 'a b.jpg', '.hidden', 'a..b.jpg', '']) {
      expect(
        sanitizeArticleHtml(`<img src="/a.png" alt="" data-media-id="${id}" data-alt="x">`),
      ).toBe('<img src="/a.png" alt="" />')
    }
    expect(sanitizeArticleHtml('<img src="/a.png" data-caption="c" data-alt="a" data-x="1">')).toBe(
      '<img src="/a.png" />',
    )
    const tooLong = 'x'.repeat(251)
    expect(
      sanitizeArticleHtml(
        `<img src="/a.png" data-media-id="1.jpg" data-alt="${tooLong}" data-caption="${'y'.repeat(501)}">`,
      ),
    ).toBe('<img src="/a.png" data-media-id="1.jpg" />')
    expect(
      sanitizeArticleHtml(
        '<img src="/a.png" data-media-id="1.jpg" data-alt="  " data-caption=" ">',
      ),
    ).toBe('<img src="/a.png" data-media-id="1.jpg" />')
    expect(sanitizeArticleHtml('<p data-media-id="1.jpg">x</p>')).toBe('<p>x</p>')
  })

  it('keeps an ordered list start and type', () => {
    expect(sanitizeArticleHtml('<ol start="3" type="a" reversed><li>x</li></ol>')).toBe(
      '<ol start="3" type="a"><li>x</li></ol>',
    )
  })

  it('keeps only the language class on code', () => {
    expect(sanitizeArticleHtml('<pre><code class="language-ts evil">x</code></pre>')).toBe(
      '<pre><code class="language-ts">x</code></pre>',
    )
    expect(sanitizeArticleHtml('<p class="language-ts">x</p>')).toBe('<p>x</p>')
  })
})

describe('sanitizeArticleHtml: TipTap output', () => {
  // As TipTap 3 (StarterKit + Link + Image) serialises it: Link puts target and rel first.
  const tiptap = [
    '<h1>Council approves budget</h1>',
    '<h2>What changes</h2>',
    '<p>The <strong>city council</strong> voted <em>7–2</em> on <u>Tuesday</u>, <s>not</s> Monday. ',
    `See <a target="_blank" ${REL} href="https://example.com/report">the report</a>.</p>`,
    '<ul><li><p>Parks</p></li><li><p>Roads</p></li></ul>',
    '<ol start="3"><li><p>Third</p></li></ol>',
    '<blockquote><p>“A good day,” said the mayor.</p></blockquote>',
    '<img src="https://cdn.example.com/chamber.webp" alt="The council chamber" title="Chamber">',
    '<pre><code class="language-ts">const ok = 1 &lt; 2 &amp;&amp; 3 &gt; 2</code></pre>',
    '<p>Line one<br>Line two</p><hr><p><code>inline</code> &amp; <b>b</b> <i>i</i></p>',
    '<h3>h3</h3><h4>h4</h4><h5>h5</h5><h6>h6</h6>',
    '<figure><img src="/media/a.webp" alt="A"><figcaption>Caption</figcaption></figure>',
    '<p></p>',
  ].join('')

  it('survives unchanged, apart from void-element syntax', () => {
    const expected = tiptap.replace(/<(img|br|hr)([^>]*)>/g, '<$1$2 />')
    expect(sanitizeArticleHtml(tiptap)).toBe(expected)
  })

  it('adds target and rel to links that lack them', () => {
    expect(sanitizeArticleHtml('<p><a href="https://example.com">x</a></p>')).toBe(
      `<p><a href="https://example.com" target="_blank" ${REL}>x</a></p>`,
    )
  })
})

describe('sanitizePageHtml', () => {
  it('applies the article rules', () => {
    const input = '<h2>About</h2><script>x()</script><a href="javascript:x()">y</a>'
    expect(sanitizePageHtml(input)).toBe(sanitizeArticleHtml(input))
    expect(sanitizePageHtml(input)).toBe('<h2>About</h2><a>y</a>')
  })
})

describe('htmlToPlainText', () => {
  it('puts each block on its own line and decodes entities', () => {
    const html =
      '<h1>Title</h1><p>Hello&nbsp;<strong>big</strong> world &amp; &lt;tag&gt;</p>' +
      '<ul><li>one</li><li>two</li></ul><p>a<br>b</p><p>Tom &quot;x&quot; &#39;y&#39; caf&eacute;</p>'
    expect(htmlToPlainText(html)).toBe(
      'Title\nHello big world & <tag>\none\ntwo\na\nb\nTom "x" \'y\' café',
    )
  })

  it('keeps inline markup inside words and collapses whitespace', () => {
    expect(htmlToPlainText('<p>  re<em>write</em>\n\n  this  </p>')).toBe('rewrite this')
  })

  it('leaves out scripts, styles, comments and images', () => {
    expect(
      htmlToPlainText(
        '<p>a</p><script>evil()</script><style>p{}</style><!-- c --><img alt="x" src="y"><p>b</p>',
      ),
    ).toBe('a\nb')
  })

  it('is empty for empty content', () => {
    expect(htmlToPlainText('')).toBe('')
    expect(htmlToPlainText('<p></p><p> </p>')).toBe('')
  })

  it('returns text, so markup-looking text comes back literally', () => {
    expect(htmlToPlainText('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toBe(
      '<img src=x onerror=alert(1)>',
    )
  })
})

describe('embed blocks (issue 40)', () => {
  const stored = sanitizeArticleHtml(
    '<p>Before</p><figure data-embed="youtube" data-url="https://youtu.be/dQw4w9WgXcQ" data-title="The launch" data-author="NASA"><p>dropped</p></figure>',
  )

  it('stores the block rebuilt from its attributes, a fixed point', () => {
    expect(stored).toBe(
      `<p>Before</p><figure data-embed="youtube" data-url="https://youtu.be/dQw4w9WgXcQ" data-title="The launch" data-author="NASA"><a href="https://youtu.be/dQw4w9WgXcQ" target="_blank" ${REL}>The launch</a></figure>`,
    )
    expect(sanitizeArticleHtml(stored)).toBe(stored)
  })

  it('gives search the title as text, nothing of the markup', () => {
    expect(htmlToPlainText(stored)).toBe('Before\nThe launch')
  })

  it('shows readers the card with no frame, whatever the stored figure claimed', () => {
    const shown = renderArticleHtml(
      stored.replace('<figure', '<figure data-embed-src="https://evil.example/"'),
      () => ({ alt: '', caption: '' }),
    )
    expect(shown).toContain('data-embed-src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"')
    expect(shown).not.toContain('evil.example')
    expect(shown).not.toContain('<iframe')
  })
})
