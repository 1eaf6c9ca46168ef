/**
 * Text inside XML 1.0: the characters it cannot hold at all (most control characters, lone
 * surrogates, U+FFFE and U+FFFF) become U+FFFD, as a CI server would show them anyway, and the
 * markup characters are escaped. In attributes, line breaks and tabs are written as character
 * references, or a parser would fold them into spaces. What XML allows but a terminal acts on
 * (DEL, C1 controls, bidirectional controls, a carriage return) is written as a character
 * reference too, so a report printed to a terminal cannot drive it, and a parser reads it back as it was.
 */

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\n': '&#10;', '\t': '&#9;' };

/** Allowed in XML, acted on by a terminal. */
const TERMINAL_ACTS_ON = /[\r\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escaped(text: string, markup: RegExp, escapes: Record<string, string>): string {
  return text
    .replace(NOT_XML, '\uFFFD')
    .replace(markup, (character) => escapes[character]!)
    .replace(TERMINAL_ACTS_ON, (character) => `&#${character.charCodeAt(0)};`);
}

export function xmlText(text: string): string {
  return escaped(text, /[&<>]/g, TEXT_ESCAPES);
}

export function xmlAttribute(text: string): string {
  return escaped(text, /[&<>"\n\t]/g, ATTRIBUTE_ESCAPES);
}
