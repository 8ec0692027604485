import { describe, expect, it } from 'vitest'
import { convertBody } from '~/domain/import/import-body'
import { sanitizeArticleHtml } from '~/infra/sanitize.server'
import { wordpressBody } from './wxr-embeds.server'

const context = { attachmentUrl: () => null, childAttachments: () => [], siteUrl: 'https://o' }

describe('wordpressBody', () => {
  it('writes an embed as a core/embed block that our import reads back', () => {
    const stored = sanitizeArticleHtml(
      '<p>Before</p><figure data-embed="x" data-url="https://x.com/nasa/status/42" data-title="Liftoff" data-author="NASA"></figure>',
    )
    const written = wordpressBody(stored)
    expect(written).toBe(
      '<p>Before</p><!-- wp:embed {"url":"https://x.com/nasa/status/42","type":"rich","providerNameSlug":"twitter"} -->\n' +
        '<figure class="wp-block-embed is-provider-twitter wp-block-embed-twitter"><div class="wp-block-embed__wrapper">\nhttps://x.com/nasa/status/42\n</div><figcaption class="wp-element-caption">Liftoff</figcaption></figure>\n' +
        '<!-- /wp:embed -->',
    )
    const back = sanitizeArticleHtml(convertBody('wordpress', written, context).html)
    expect(back).toContain(
      '<figure data-embed="x" data-url="https://x.com/nasa/status/42" data-title="Liftoff">',
    )
  })

  it('keeps no "--" inside the block comment and leaves a body without embeds alone', () => {
    const stored = sanitizeArticleHtml(
      '<figure data-embed="link" data-url="https://news.example/a--b"></figure>',
    )
    expect(wordpressBody(stored)).toContain('"url":"https://news.example/a\\u002d\\u002db"')
    expect(wordpressBody('<p>Plain</p>')).toBe('<p>Plain</p>')
  })
})
