/**
 * Untrusted text (file and scenario names, server answers, stored labels) printed where a terminal
 * may read it. A terminal acts on control characters: ESC starts CSI and OSC sequences (colours,
 * cursor moves, a window title, OSC 52 writes the clipboard), BEL and C1 controls (CSI is U+009B)
 * too, a carriage return overwrites the line, and bidirectional overrides reorder what is shown.
 */

/** C0 controls but tab and line feed, DEL, C1 controls, bidirectional embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- these are exactly the characters a terminal acts on
const ACTED_ON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** JSON leaves these raw inside strings: DEL, C1 controls, the bidirectional ones, and the line and paragraph separators. */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Text for people: every character a terminal acts on shown as U+FFFD, a CRLF line end kept as a line end. */
export function terminalText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(ACTED_ON, '\uFFFD');
}

/**
 * A JSON text (as JSON.stringify writes it: those characters only inside strings) with what JSON
 * leaves raw written as \uXXXX escapes: the same value, safe to show, and terminalText leaves it as it is.
 */
export function terminalJson(json: string): string {
  return json.replace(RAW_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A value as the command line prints JSON: two-space indents, a final line end, safe to show. */
export function printedJson(value: unknown): string {
  return `${terminalJson(JSON.stringify(value, null, 2))}\n`;
}
