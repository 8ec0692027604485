// Client-safe: the back office's preview shows the mail as dark mail clients draw it.

/** The media query the mail's dark style block sits in (mail-layout.server.tsx). */
export const DARK_MEDIA_QUERY = '@media (prefers-color-scheme: dark)'

/** The mail with its dark colours always on, whatever the viewer's own scheme. */
export function withDarkScheme(html: string) {
  return html.replaceAll(DARK_MEDIA_QUERY, '@media all')
}
