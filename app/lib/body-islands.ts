// The body blocks that need script on the reader's side (issue 40): an embed that may load a
// frame (its click-to-load buttons; EMBED_FRAME_ATTRIBUTE in embed-markup.ts) and a gallery (its
// lightbox; GALLERY_ATTRIBUTE in gallery.ts). The article page's own script (`useBodyIslands`
// in server-html.tsx) carries only these selectors and fetches a block's module only when the
// page has that block. Plain string literals that only server-html.tsx imports, so the build
// writes them into that chunk and exports nothing more from it (body-islands.test.ts keeps
// them equal to those names).

/** A card that may load a provider's frame (a link card has none). */
export const EMBED_ISLAND = '[data-embed-src]'
export const GALLERY_ISLAND = 'figure[data-gallery]'
/** A live blog, whose entries may bring such a block later (live-updates.tsx adds them). */
export const LIVE_BLOG = '[data-live-blog]'
