import { Node } from '@tiptap/core'
import { BODY_BLOCKS, RELATED_ARTICLE_ID, RELATED_ARTICLE_TITLE } from '~/lib/body-blocks'

// A card for another story of ours. The body stores only which story (its id) and, for the
// editor's own display, the title it had when chosen; the reader's page draws the story's
// current title, link and picture on the server, and nothing when it is no longer public
// (domain/articles/related-cards.server.ts).

const { tag, name } = BODY_BLOCKS.relatedArticle

export interface RelatedArticleAttrs {
  articleId: number
  title: string
}

export const RelatedArticle = Node.create({
  name: 'relatedArticle',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      articleId: { default: null, rendered: false },
      title: { default: '', rendered: false },
    }
  },
  parseHTML: () => [
    {
      tag: `${tag}[data-block="${name}"]`,
      getAttrs: (element: HTMLElement) => {
        const id = Number(element.getAttribute(RELATED_ARTICLE_ID))
        if (!Number.isSafeInteger(id) || id < 1) return false
        return { articleId: id, title: element.getAttribute(RELATED_ARTICLE_TITLE) ?? '' }
      },
    },
  ],
  renderHTML: ({ node }) => [
    tag,
    {
      'data-block': name,
      [RELATED_ARTICLE_ID]: String(node.attrs.articleId),
      [RELATED_ARTICLE_TITLE]: node.attrs.title,
    },
  ],
  // In the editor the card says which story it points to; readers see it drawn afresh.
  addNodeView() {
    return ({ node }) => {
      const card = document.createElement(tag)
      card.dataset.block = name
      card.contentEditable = 'false'
      const label = document.createElement('span')
      label.textContent = 'Related article'
      const title = document.createElement('strong')
      title.textContent = node.attrs.title || `Article ${node.attrs.articleId}`
      card.append(label, title)
      return { dom: card }
    }
  },
})

export function relatedArticleContent(attrs: RelatedArticleAttrs) {
  return { type: 'relatedArticle', attrs }
}
