// The blocks an article body may hold beyond plain rich text, by the `data-block` name the
// stored HTML gives each one's outer element. The editor writes these names, the sanitiser
// lets exactly these through, and the reader's renderers recognise them by the same names.

/** `data-block` on the element that wraps each block, by the element. */
export const BODY_BLOCKS = {
  /** `<figure data-block="pull-quote"><blockquote><p>…</p></blockquote><figcaption>…</figcaption></figure>` */
  pullQuote: { tag: 'figure', name: 'pull-quote' },
  /** `<aside data-block="fact-box"><h3>Title</h3>…paragraphs and lists…</aside>` */
  factBox: { tag: 'aside', name: 'fact-box' },
  /** `<aside data-block="related-article" data-article-id="42" data-title="…"></aside>` */
  relatedArticle: { tag: 'aside', name: 'related-article' },
} as const satisfies Record<string, { tag: string; name: string }>

export type BodyBlockKind = keyof typeof BODY_BLOCKS

/** The `data-block` names an element named `tag` may carry. */
export function blockNamesFor(tag: string): string[] {
  return Object.values(BODY_BLOCKS)
    .filter((block) => block.tag === tag)
    .map((block) => block.name)
}

/** The attribute naming the article a related-article card shows (its id). */
export const RELATED_ARTICLE_ID = 'data-article-id'
/** The title the card had when chosen: shown in the editor only, never to readers. */
export const RELATED_ARTICLE_TITLE = 'data-title'
