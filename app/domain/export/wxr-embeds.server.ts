import { rewriteEmbeds } from '~/infra/embed-html.server'
import { escapeHtml, escapeHtmlAttribute } from '~/lib/html'
import type { EmbedBlock } from '~/lib/embed-block'

// wordpress.xml writes each embed block as WordPress's own core/embed block (issue 40), which
// WordPress fills from the provider's oEmbed and our import reads back into an embed block:
// the address, the provider, and the title as its caption. The author and our copy of the
// picture are in content.json only.

/** WordPress's providerNameSlug where it differs from our provider id. */
const WORDPRESS_SLUG: Partial<Record<EmbedBlock['provider'], string>> = {
  x: 'twitter',
  googlemaps: 'google-maps',
  link: '',
}

function coreEmbed(block: EmbedBlock): string {
  const slug = WORDPRESS_SLUG[block.provider] ?? block.provider
  const attributes = JSON.stringify({
    url: block.url,
    type: 'rich',
    ...(slug ? { providerNameSlug: slug } : {}),
  })
    // A comment ends at "--": none may stand inside the block's attributes.
    .replaceAll('--', '\\u002d\\u002d')
  const classes = [
    'wp-block-embed',
    ...(slug ? [`is-provider-${slug}`, `wp-block-embed-${slug}`] : []),
  ]
  const caption = block.title
    ? `<figcaption class="wp-element-caption">${escapeHtml(block.title)}</figcaption>`
    : ''
  return (
    `<!-- wp:embed ${attributes} -->\n` +
    `<figure class="${escapeHtmlAttribute(classes.join(' '))}"><div class="wp-block-embed__wrapper">\n${escapeHtml(block.url)}\n</div>${caption}</figure>\n` +
    '<!-- /wp:embed -->'
  )
}

/** A stored body as wordpress.xml carries it: embed blocks as core/embed blocks. */
export function wordpressBody(html: string): string {
  return rewriteEmbeds(html, coreEmbed)
}
