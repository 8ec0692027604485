// Characters XML 1.0 cannot carry at all (most C0 controls, U+FFFE/U+FFFF, lone surrogates):
// escaping does not help, they must go.
const INVALID_XML_CHARS = new RegExp(
  '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]' +
    '|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  'g',
)

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/**
 * `text` without the characters XML 1.0 cannot carry: for text that escaping will not make
 * safe (a CDATA section), and the first step of `escapeXml`.
 */
export function withoutInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, '')
}

/** Text safe inside an XML element or attribute value. */
export function escapeXml(text: string): string {
  return withoutInvalidXmlChars(text).replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch])
}
