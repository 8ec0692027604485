import { describe, expect, it } from 'vitest'
import { convertBody, paragraphs, videoAddress } from './import-body'
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
    expect(block.videoUrl).toBe('https://vimeo.com/22439234')
    expect(block.html).not.toContain('wp:embed')
    const ghost = convertBody(
      'ghost',
      '<figure class="kg-card kg-embed-card"><iframe src="https://www.youtube.com/embed/ex8fMxXJDJw?feature=oembed"></iframe></figure><img src="__GHOST_URL__/content/images/2021/03/x.png">',
      context,
    )
    expect(ghost.videoUrl).toBe('https://www.youtube.com/embed/ex8fMxXJDJw?feature=oembed')
    expect(ghost.images).toEqual(['https://old.example/content/images/2021/03/x.png'])
  })

  it('adds the paragraphs WordPress’s classic editor leaves to blank lines', () => {
    expect(paragraphs('One\nline\n\nTwo\n\n<ul><li>x</li></ul>')).toBe(
      '<p>One<br>line</p>\n<p>Two</p>\n<ul><li>x</li></ul>',
    )
    expect(paragraphs('<p>Already</p>')).toBe('<p>Already</p>')
  })

  it('knows video addresses only of YouTube and Vimeo', () => {
    expect(videoAddress('https://youtu.be/ex8fMxXJDJw')).toBe('https://youtu.be/ex8fMxXJDJw')
    expect(videoAddress('https://example.com/watch?v=1')).toBeNull()
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
