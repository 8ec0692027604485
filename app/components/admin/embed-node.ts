import { Node } from '@tiptap/core'
import { Plugin, PluginKey, TextSelection } from '@tiptap/pm/state'
import type { EditorView } from '@tiptap/pm/view'
import {
  EMBED_ATTRIBUTE,
  embedBlock,
  embedHost,
  LINK_CARD,
  type EmbedBlock,
} from '~/lib/embed-block'
import { embedAddress, embedFrame, providerOwning } from '~/lib/embed-providers'

// The embed block in the article editor (issue 40): an atom written as the stored markup of
// lib/embed-block.ts, shown as a card while editing. A supported address pasted alone on an
// empty line becomes one at once (from the address), and is described when the server's
// look-up (/admin/api/embeds: the provider's oEmbed, its picture stored in our media) answers.

const KEYS = Object.keys(EMBED_ATTRIBUTE) as (keyof EmbedBlock)[]
const LINK_REL = 'noopener noreferrer nofollow'

/** The server's look-up; offline or refused, a block from the address alone. */
export async function lookUpEmbed(url: string): Promise<EmbedBlock | null> {
  const fromAddress = embedBlock({ url }, () => false)
  try {
    const body = new FormData()
    body.set('url', url)
    const response = await fetch('/admin/api/embeds', { method: 'POST', body })
    if (!response.ok) return response.status === 400 ? null : fromAddress
    const answer = (await response.json()) as { block?: EmbedBlock }
    return answer.block ?? fromAddress
  } catch {
    return fromAddress
  }
}

/** A pasted text that becomes an embed: one address alone that a provider owns or frames. */
export function pastedEmbedAddress(text: string): string | null {
  const url = embedAddress(text)
  if (!url) return null
  return providerOwning(url) || embedFrame(url.href) ? url.href : null
}

let pendingKeys = 0

/** Writes the described block over the pending one with `key`, wherever it went meanwhile. */
function describe(view: EditorView, key: string, block: EmbedBlock | null) {
  if (view.isDestroyed) return
  let at: number | null = null
  view.state.doc.descendants((node, pos) => {
    if (at === null && node.type.name === 'embed' && node.attrs.pending === key) at = pos
    return at === null
  })
  if (at === null) return
  const attrs = block ? { ...block, pending: null } : { pending: null }
  view.dispatch(
    view.state.tr.setNodeMarkup(at, undefined, { ...view.state.doc.nodeAt(at)!.attrs, ...attrs }),
  )
}

function card(block: EmbedBlock, pending: boolean): HTMLElement {
  const figure = document.createElement('figure')
  figure.className =
    'not-prose my-4 flex items-center gap-3 rounded-lg border border-border bg-muted/40 p-3'
  figure.contentEditable = 'false'
  figure.dataset.embedEditor = block.provider
  if (block.thumbnail) {
    const img = document.createElement('img')
    img.src = block.thumbnail
    img.alt = ''
    img.className = 'm-0! h-16 w-28 shrink-0 rounded object-cover'
    figure.append(img)
  }
  const text = document.createElement('div')
  text.className = 'min-w-0 text-sm leading-snug'
  const provider = document.createElement('div')
  provider.className = 'text-xs font-semibold uppercase tracking-wide text-muted-foreground'
  const name = embedFrame(block.url)?.provider.name
  provider.textContent =
    block.provider === LINK_CARD ? `Link card · ${embedHost(block.url)}` : `${name} embed`
  const title = document.createElement('div')
  title.className = 'truncate font-semibold text-foreground'
  title.textContent = pending ? 'Looking it up…' : block.title || block.url
  const detail = document.createElement('div')
  detail.className = 'truncate text-muted-foreground'
  detail.textContent = [block.author, block.url].filter(Boolean).join(' · ')
  text.append(provider, title, detail)
  figure.append(text)
  return figure
}

export const EmbedNode = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    const stored = Object.fromEntries(
      KEYS.map((key) => [
        key,
        {
          default: '',
          parseHTML: (element: HTMLElement) => element.getAttribute(EMBED_ATTRIBUTE[key]) ?? '',
          // Written by renderHTML, in the stored order.
          rendered: false,
        },
      ]),
    )
    // A block waiting for its look-up, while editing only.
    return { ...stored, pending: { default: null, rendered: false } }
  },

  parseHTML() {
    return [{ tag: `figure[${EMBED_ATTRIBUTE.provider}]`, priority: 60 }]
  },

  renderHTML({ node }) {
    const attributes = Object.fromEntries(
      KEYS.filter((key) => node.attrs[key]).map((key) => [EMBED_ATTRIBUTE[key], node.attrs[key]]),
    )
    const url = String(node.attrs.url)
    return [
      'figure',
      attributes,
      ['a', { href: url, target: '_blank', rel: LINK_REL }, String(node.attrs.title || url)],
    ]
  },

  addNodeView() {
    return ({ node }) => ({ dom: card(node.attrs as EmbedBlock, node.attrs.pending !== null) })
  },

  addProseMirrorPlugins() {
    const type = this.type
    return [
      new Plugin({
        key: new PluginKey('embedPaste'),
        props: {
          handlePaste(view, event) {
            const url = pastedEmbedAddress(event.clipboardData?.getData('text/plain') ?? '')
            const { $from, empty } = view.state.selection
            // Only an address alone on its own (empty) line; inside a sentence it stays a link.
            if (!url || !empty || $from.parent.type.name !== 'paragraph') return false
            if ($from.parent.content.size !== 0) return false
            const block = embedBlock({ url }, () => false)!
            const pending = `embed-${++pendingKeys}`
            const start = $from.before()
            // The writer carries on typing on a new line after it.
            const paragraph = view.state.schema.nodes.paragraph.create()
            const tr = view.state.tr.replaceWith(start, start + $from.parent.nodeSize, [
              type.create({ ...block, pending }),
              paragraph,
            ])
            const after = start + tr.doc.nodeAt(start)!.nodeSize + 1
            view.dispatch(tr.setSelection(TextSelection.create(tr.doc, after)).scrollIntoView())
            void lookUpEmbed(url).then((found) => describe(view, pending, found))
            return true
          },
        },
      }),
    ]
  },
})
