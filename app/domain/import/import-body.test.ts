import { describe, expect, it } from 'vitest'
import { convertBody, imageTexts, paragraphs, videoAddress } from './import-body'
import { mapStatus, planItem } from './import-mapping'
import type { SourceItem } from './import-source'

const context = {
  siteUrl: 'https://old.example',
  attachmentUrl: (id: string) =>
    id === '7' ? 'https://old.example/wp-content/uploads/2020/01/a.jpg' : null,
  childAttachments: () => ['https://old.example/wp-content/uploads/2020/01/b.jpg'],
}

describe('convertBody', () => {
  it('makes a [caption] a figure with its caption, from the text after the image or the attribute', () => {
    const after = convertBody(
      'wordpress',
      '[caption id="x" width="640"]<a href="/big.jpg"><img src="https://o/a.jpg" alt="A"></a> A bell[/caption]',
      context,
    )
    expect(after.html).toBe(
      '<figure><img src="https://o/a.jpg" alt="A"><figcaption>A bell</figcaption></figure>',
    )
    const attribute = convertBody(
      'wordpress',
      '[caption caption="Old <style>"]<img src="https://o/b.jpg">[/caption]',
      context,
    )
    expect(attribute.html).toContain('<figcaption>Old &lt;style&gt;</figcaption>')
  })

  it('expands [gallery] into images, by ids or the item’s attachments', () => {
    expect(convertBody('wordpress', '[gallery ids="7,99"]', context).images).toEqual([
      'https://old.example/wp-content/uploads/2020/01/a.jpg',
    ])
    expect(convertBody('wordpress', '[gallery columns="3"]', context).images).toEqual([
      'https://old.example/wp-content/uploads/2020/01/b.jpg',
    ])
  })

  it('turns YouTube and Vimeo embeds into the article’s video and a link, and reports other shortcodes', () => {
    const body = convertBody(
      'wordpress',
      'Intro\n\nhttps://www.youtube.com/watch?v=SQEQr7c0-dw\n\n[audio src="x.mp3"] [contact-form]',
      context,
    )
    expect(body.videoUrl).toBe('https://www.youtube.com/watch?v=SQEQr7c0-dw')
    expect(body.html).toContain('<a href="https://www.youtube.com/watch?v=SQEQr7c0-dw">')
    expect(body.unknownShortcodes).toEqual(['audio', 'contact-form'])
    const block = convertBody(
      'wordpress',
      '<!-- wp:embed --><figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://vimeo.com/22439234\n</div></figure><!-- /wp:embed -->',
      context,
    )
    // A core/embed block is an embed block of ours (issue 40), not the article's video.
    expect(block.videoUrl).toBeNull()
    expect(block.html).toBe(
      '<figure data-embed="vimeo" data-url="https://vimeo.com/22439234"><a href="https://vimeo.com/22439234" target="_blank" rel="noopener noreferrer nofollow">https://vimeo.com/22439234</a></figure>',
    )
    const ghost = convertBody(
      'ghost',
      '<figure class="kg-card kg-embed-card"><iframe src="https://www.youtube.com/embed/ex8fMxXJDJw?feature=oembed"></iframe></figure><img src="__GHOST_URL__/content/images/2021/03/x.png">',
      context,
    )
    expect(ghost.videoUrl).toBeNull()
    expect(ghost.html).toContain(
      '<figure data-embed="youtube" data-url="https://www.youtube.com/embed/ex8fMxXJDJw?feature=oembed">',
    )
    expect(ghost.images).toEqual(['https://old.example/content/images/2021/03/x.png'])
  })

  it('makes WordPress core/embed blocks and Ghost embed and bookmark cards embed blocks', () => {
    const tweet = convertBody(
      'wordpress',
      '<!-- wp:embed {"url":"https://twitter.com/nasa/status/42","type":"rich","providerNameSlug":"twitter"} --><figure class="wp-block-embed is-type-rich is-provider-twitter"><div class="wp-block-embed__wrapper">\nhttps://twitter.com/nasa/status/42\n</div><figcaption class="wp-element-caption">Liftoff</figcaption></figure><!-- /wp:embed -->',
      context,
    )
    expect(tweet.html).toBe(
      '<figure data-embed="x" data-url="https://twitter.com/nasa/status/42" data-title="Liftoff"><a href="https://twitter.com/nasa/status/42" target="_blank" rel="noopener noreferrer nofollow">Liftoff</a></figure>',
    )
    const quoted = convertBody(
      'ghost',
      '<figure class="kg-card kg-embed-card"><blockquote class="twitter-tweet"><p>Go!</p>&mdash; NASA (@nasa) <a href="https://twitter.com/nasa/status/42?ref_src=twsrc%5Etfw">May 1</a></blockquote><script async src="https://platform.twitter.com/widgets.js"></script></figure>',
      context,
    )
    expect(quoted.html).toContain(
      'data-embed="x" data-url="https://twitter.com/nasa/status/42?ref_src=twsrc%5Etfw"',
    )
    expect(quoted.html).not.toContain('script')
    const bookmark = convertBody(
      'ghost',
      '<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://news.example/story"><div class="kg-bookmark-content"><div class="kg-bookmark-title">A story &amp; more</div><div class="kg-bookmark-description">D</div><div class="kg-bookmark-metadata"><img class="kg-bookmark-icon" src="https://news.example/icon.png"><span class="kg-bookmark-author">The News</span><span class="kg-bookmark-publisher">Jo Writer</span></div></div><div class="kg-bookmark-thumbnail"><img src="https://news.example/t.jpg"></div></a></figure>',
      context,
    )
    expect(bookmark.html).toBe(
      '<figure data-embed="link" data-url="https://news.example/story" data-title="A story &amp; more" data-author="The News"><a href="https://news.example/story" target="_blank" rel="noopener noreferrer nofollow">A story &amp; more</a></figure>',
    )
    expect(bookmark.images).toEqual([])
  })

  it('adds the paragraphs WordPress’s classic editor leaves to blank lines', () => {
    expect(paragraphs('One\nline\n\nTwo\n\n<ul><li>x</li></ul>')).toBe(
      '<p>One<br>line</p>\n<p>Two</p>\n<ul><li>x</li></ul>',
    )
    expect(paragraphs('<p>Already</p>')).toBe('<p>Already</p>')
  })

  it('reads tags whose attributes hold ">" or "<!--", as a browser does', () => {
    const body = convertBody(
      'ghost',
      '<p><img alt="a > b" src="https://o/a.jpg"></p><img alt="<!--" src="https://o/b.jpg"><p>Kept</p><!-- gone -->' +
        '<iframe title="Watch > here" src="https://www.youtube.com/embed/ex8fMxXJDJw?a=1&amp;b=2"></iframe>',
      context,
    )
    expect(body.images).toEqual(['https://o/a.jpg', 'https://o/b.jpg'])
    expect(body.videoUrl).toBe('https://www.youtube.com/embed/ex8fMxXJDJw?a=1&b=2')
    expect(body.html).toBe(
      '<p><img alt="a > b" src="https://o/a.jpg"></p><img alt="<!--" src="https://o/b.jpg"><p>Kept</p>' +
        '<p><a href="https://www.youtube.com/embed/ex8fMxXJDJw?a=1&amp;b=2">https://www.youtube.com/embed/ex8fMxXJDJw?a=1&amp;b=2</a></p>',
    )
  })

  it('drops comments and CDATA with the tags inside them', () => {
    const body = convertBody(
      'ghost',
      '<p>A</p><![CDATA[<img src="https://o/hidden.jpg">]]><!-- <img src="https://o/old.jpg"> [gallery] -->',
      context,
    )
    expect(body).toMatchObject({ html: '<p>A</p>', images: [], unknownShortcodes: [] })
  })

  it('replaces a whole embed figure, figures nested in it included', () => {
    const body = convertBody(
      'ghost',
      '<figure class="wp-block-embed is-type-video"><div><figure><img src="https://o/thumb.jpg"></figure>' +
        '<iframe src="https://vimeo.com/22439234"></iframe></div><figcaption>Watch</figcaption></figure><p>After</p>',
      context,
    )
    expect(body.html).toBe(
      '<figure data-embed="vimeo" data-url="https://vimeo.com/22439234" data-title="Watch"><a href="https://vimeo.com/22439234" target="_blank" rel="noopener noreferrer nofollow">Watch</a></figure><p>After</p>',
    )
    expect(body.images).toEqual([])
  })

  it('reports shortcodes in the text only, not in attributes', () => {
    const body = convertBody(
      'wordpress',
      '<a title="[note]" href="/x">x</a> [poll id="2"]',
      context,
    )
    expect(body.unknownShortcodes).toEqual(['poll'])
  })

  it('adds paragraphs between top-level blocks only, line breaks in text only', () => {
    expect(paragraphs('Intro\n\n<pre>a\n\nb</pre>\n\n<ul>\n<li>x</li>\n\n<li>y</li>\n</ul>')).toBe(
      '<p>Intro</p>\n<pre>a\n\nb</pre>\n<ul>\n<li>x</li>\n\n<li>y</li>\n</ul>',
    )
    expect(paragraphs('See <a\nhref="/x">this</a>\nnow')).toBe(
      '<p>See <a\nhref="/x">this</a><br>now</p>',
    )
  })

  it('knows video addresses only of YouTube and Vimeo', () => {
    expect(videoAddress('https://youtu.be/ex8fMxXJDJw')).toBe('https://youtu.be/ex8fMxXJDJw')
    expect(videoAddress('https://example.com/watch?v=1')).toBeNull()
  })
})

describe('imageTexts', () => {
  it('gives each image its alt as written and its own figure’s caption, not a gallery’s', () => {
    const texts = imageTexts(
      '<figure><img alt="Tom &amp; Jerry > all" src="a.jpg"><figcaption> The <em>cat</em> </figcaption></figure>' +
        '<figure class="gallery"><figure><img src="b.jpg"><figcaption>B</figcaption></figure>' +
        '<img src="c.jpg"><figcaption>Both</figcaption></figure><img src="a.jpg" alt="again">',
    )
    expect(Object.fromEntries(texts)).toEqual({
      'a.jpg': { alt: 'Tom &amp; Jerry > all', caption: 'The <em>cat</em>' },
      'b.jpg': { alt: '', caption: 'B' },
      'c.jpg': { alt: '', caption: '' },
    })
  })
})

describe('statuses', () => {
  const now = new Date('2026-01-01T00:00:00Z')
  const item = (status: string, extra: Partial<SourceItem> = {}): SourceItem => ({
    sourceId: '1',
    type: 'post',
    status,
    title: 'T',
    slug: 't',
    link: null,
    html: '',
    excerpt: '',
    author: null,
    date: new Date('2030-01-01T00:00:00Z'),
    categories: [],
    tags: [],
    featuredImage: null,
    attachmentUrl: null,
    parentId: null,
    restricted: false,
    ...extra,
  })
  it('maps publish, future, draft, pending, private; skips trash, auto-drafts, revisions and menus', () => {
    expect(mapStatus(item('future'), now)).toMatchObject({ status: 'published', scheduled: true })
    expect(mapStatus(item('publish', { restricted: true }), now)).toMatchObject({
      status: 'hidden',
    })
    expect(mapStatus(item('pending'), now)).toMatchObject({ status: 'review', publishedAt: null })
    expect(mapStatus(item('private'), now)?.status).toBe('hidden')
    expect(mapStatus(item('draft'), now)?.status).toBe('draft')
    expect(planItem(item('trash'), 'articles', now)).toEqual({ action: 'skip', reason: 'trash' })
    expect(planItem(item('auto-draft'), 'articles', now)).toEqual({
      action: 'skip',
      reason: 'auto-draft',
    })
    expect(planItem(item('inherit', { type: 'revision' }), 'articles', now)).toEqual({
      action: 'skip',
      reason: 'revision',
    })
    expect(planItem(item('publish', { type: 'page', slug: 'about' }), 'static', now)).toEqual({
      action: 'static-page',
      slug: 'about',
    })
    expect(planItem(item('publish', { type: 'page', slug: 'team' }), 'static', now).action).toBe(
      'article',
    )
  })
})

describe('convertBody: blocks', () => {
  it('makes WordPress pull quotes, attributed quotes and separators our blocks', () => {
    const wordpress = [
      '<!-- wp:pullquote --><figure class="wp-block-pullquote has-background" style="border-color:#b80000"><blockquote class="has-text-color"><p>Pull &amp; quote</p><cite>Theme Reviewer</cite></blockquote></figure><!-- /wp:pullquote -->',
      '<!-- wp:quote --><blockquote class="wp-block-quote"><p>First line.</p><p>Second <em>line</em>.</p><cite>The Team<br></cite></blockquote><!-- /wp:quote -->',
      '<!-- wp:quote --><blockquote class="wp-block-quote"><p>Unattributed.</p></blockquote><!-- /wp:quote -->',
      '<!-- wp:separator --><hr class="wp-block-separator has-alpha-channel-opacity is-style-dots"/><!-- /wp:separator -->',
    ].join('\n')
    expect(convertBody('wordpress', wordpress, context).html).toBe(
      [
        '<figure data-block="pull-quote"><blockquote><p>Pull &amp; quote</p></blockquote><figcaption>Theme Reviewer</figcaption></figure>',
        '<figure data-block="pull-quote"><blockquote><p>First line. Second line.</p></blockquote><figcaption>The Team</figcaption></figure>',
        '<blockquote class="wp-block-quote"><p>Unattributed.</p></blockquote>',
        '<hr>',
      ].join('\n'),
    )
  })

  it('makes Ghost callouts fact boxes, and toggles fact boxes titled by their heading', () => {
    const ghost =
      '<div class="kg-card kg-callout-card kg-callout-card-grey"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">Roads close at <b>noon</b>.</div></div>' +
      '<div class="kg-card kg-toggle-card" data-kg-toggle-state="close"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">What we know</h4><button class="kg-toggle-card-icon"><svg viewBox="0 0 14 14"><path d="M7 0"/></svg></button></div><div class="kg-toggle-content"><ul><li>One</li></ul></div></div>'
    expect(convertBody('ghost', ghost, context).html).toBe(
      '<aside data-block="fact-box"><p>Roads close at <b>noon</b>.</p></aside>' +
        '<aside data-block="fact-box"><h3>What we know</h3><ul><li>One</li></ul></aside>',
    )
  })

  it('escapes what a quote or a toggle heading says', () => {
    const html = convertBody(
      'ghost',
      '<div class="kg-toggle-card"><h4 class="kg-toggle-heading-text">&lt;img src=x onerror=alert(1)&gt;</h4><div class="kg-toggle-content">t</div></div>',
      context,
    ).html
    expect(html).toBe(
      '<aside data-block="fact-box"><h3>&lt;img src=x onerror=alert(1)&gt;</h3><p>t</p></aside>',
    )
  })
})
