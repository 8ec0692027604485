import { escapeHtml, escapeHtmlAttribute } from './html'
import { embedFrame } from './embed-providers'
import { embedHost, LINK_CARD, type EmbedBlock } from './embed-block'
import { EMBED_FRAME_ATTRIBUTE } from './embed-markup'

// What a reader is shown for an embed block: a card (provider, title, author, our copy of its
// picture, the link) and nothing from the provider. The frame's address rides on the figure;
// the embed script (components/site/embed-consent.ts) shows the "Load" and "Always load from
// {provider}" buttons and makes the frame only when the reader chooses. Without script the
// buttons stay hidden and the card is a plain link. A link card has no frame and no buttons.

const LINK_REL = 'noopener noreferrer nofollow'

export function embedPlaceholderHtml(block: EmbedBlock): string {
  const frame = block.provider === LINK_CARD ? null : embedFrame(block.url)
  const name = frame?.provider.name ?? ''
  const host = embedHost(block.url)
  const shape = frame?.provider.shape
  const frameAttributes = frame
    ? ` ${EMBED_FRAME_ATTRIBUTE}="${escapeHtmlAttribute(frame.src)}" data-embed-name="${escapeHtmlAttribute(name)}"` +
      (shape && 'height' in shape
        ? ` data-embed-height="${shape.height}"`
        : ` data-embed-aspect="${escapeHtmlAttribute(shape?.aspect ?? '16 / 9')}"`)
    : ''
  const picture = block.thumbnail
    ? `<img class="embed-thumb" src="${escapeHtmlAttribute(block.thumbnail)}" alt="" loading="lazy" decoding="async" />`
    : ''
  const title = escapeHtml(block.title || block.url)
  const text = [
    `<span class="embed-provider">${escapeHtml(name || host)}</span>`,
    `<span class="embed-title">${title}</span>`,
    block.author ? `<span class="embed-author">${escapeHtml(block.author)}</span>` : '',
    name ? `<span class="embed-host">${escapeHtml(host)}</span>` : '',
  ].join('')
  const consent = frame
    ? `<div class="embed-consent" hidden><button type="button" class="embed-load" data-embed-load>Load ${escapeHtml(name)} content</button><button type="button" class="embed-always" data-embed-always>Always load from ${escapeHtml(name)}</button><p class="embed-note">Loading it lets ${escapeHtml(name)} see your visit.</p></div>`
    : ''
  return `<figure class="embed" data-embed-kind="${escapeHtmlAttribute(block.provider)}"${frameAttributes}><a class="embed-card" href="${escapeHtmlAttribute(block.url)}" target="_blank" rel="${LINK_REL}">${picture}<span class="embed-text">${text}</span></a>${consent}</figure>`
}
