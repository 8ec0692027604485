/**
 * The opening of a WordPress export (WXR 1.2) as WordPress writes it: the XML declaration, the
 * namespaces and the channel's title and addresses. Generated exports in tests and benches
 * append their authors, terms and items, then `WXR_CLOSING`.
 */
export function wxrOpening(title: string, siteUrl = 'https://old.example') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>${title}</title>
<link>${siteUrl}</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_blog_url>${siteUrl}</wp:base_blog_url>
`
}

export const WXR_CLOSING = `</channel>
</rss>
`
