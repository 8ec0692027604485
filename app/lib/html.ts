const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
}

/**
 * Text safe inside an HTML element: `&`, `<` and `>` escaped, as the sanitiser writes text
 * (sanitize-html), so a body made here is stored as it would come back from a save.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (ch) => HTML_ESCAPES[ch])
}

/** Text safe inside a double-quoted attribute value (how we write every attribute). */
export function escapeHtmlAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => HTML_ESCAPES[ch])
}
