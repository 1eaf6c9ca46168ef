/**
 * Text inside XML 1.0: the characters it cannot hold at all (most control characters, lone
 * surrogates, U+FFFE and U+FFFF) become U+FFFD, as a CI server would show them anyway, and the
 * markup characters are escaped. In attributes, line breaks and tabs are written as character
 * references, or a parser would fold them into spaces.
 */

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\n': '&#10;', '\r': '&#13;', '\t': '&#9;' };

export function xmlText(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>]/g, (character) => TEXT_ESCAPES[character]!);
}

export function xmlAttribute(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"\n\r\t]/g, (character) => ATTRIBUTE_ESCAPES[character]!);
}
