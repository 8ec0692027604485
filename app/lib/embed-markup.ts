// Names the reader's embed card and its script share, kept apart from the provider table so
// the article page's own script (`useBodyIslands` in server-html.tsx, lib/body-islands.ts) carries only these few bytes.

/** The attribute of a card that may load a frame: only pages with one load the embed script. */
export const EMBED_FRAME_ATTRIBUTE = 'data-embed-src'
