/**
 * The query parameter a gift link carries its token in (`/article/x?gift=…`): read by the
 * server (gift-links.server.ts) and by the page's live updates, which pass it on so that a
 * gift reader of a live story follows its coverage too.
 */
export const GIFT_PARAMETER = 'gift'
