/**
 * Splits a command line the way bash does, for what browsers and Postman put in a "copy as
 * cURL": words separated by blanks; '…' taken literally; "…" with \ escaping only $ ` " \ and
 * a line break; $'…' with C escapes (\n, \t, \xHH, \uHHHH, …); a \ before a line break joins
 * the lines. No variables or commands are expanded: $HOME stays as written.
 */
export type ShellWords = { ok: true; words: string[] } | { ok: false; message: string };

const blank = /[ \t\r\n]/;
const simpleEscapes: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

export function splitShellWords(text: string): ShellWords {
  const words: string[] = [];
  let word: string | null = null;
  let index = 0;
  const append = (part: string) => {
    word = (word ?? '') + part;
  };
  while (index < text.length) {
    const char = text[index]!;
    if (char === '\\' && (text[index + 1] === '\n' || (text[index + 1] === '\r' && text[index + 2] === '\n'))) {
      index += text[index + 1] === '\n' ? 2 : 3;
    } else if (blank.test(char)) {
      if (word !== null) words.push(word);
      word = null;
      index++;
    } else if (char === '#' && word === null) {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end;
    } else if (char === '\\') {
      append(text[index + 1] ?? '');
      index += 2;
    } else if (char === "'") {
      const end = text.indexOf("'", index + 1);
      if (end === -1) return { ok: false, message: "A '…' quote is not closed." };
      append(text.slice(index + 1, end));
      index = end + 1;
    } else if (char === '$' && text[index + 1] === "'") {
      const read = readAnsiC(text, index + 2);
      if (read === null) return { ok: false, message: "A $'…' quote is not closed." };
      append(read.value);
      index = read.end;
    } else if (char === '"') {
      const read = readDoubleQuoted(text, index + 1);
      if (read === null) return { ok: false, message: 'A "…" quote is not closed.' };
      append(read.value);
      index = read.end;
    } else {
      append(char);
      index++;
    }
  }
  if (word !== null) words.push(word);
  return { ok: true, words };
}

function readDoubleQuoted(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  for (let index = start; index < text.length; index++) {
    const char = text[index]!;
    if (char === '"') return { value, end: index + 1 };
    if (char === '\\' && index + 1 < text.length) {
      const next = text[index + 1]!;
      if (next === '\n') {
        index++;
        continue;
      }
      if ('$`"\\'.includes(next)) {
        value += next;
        index++;
        continue;
      }
    }
    value += char;
  }
  return null;
}

function readAnsiC(text: string, start: number): { value: string; end: number } | null {
  let value = '';
  let index = start;
  while (index < text.length) {
    const char = text[index]!;
    if (char === "'") return { value, end: index + 1 };
    if (char !== '\\') {
      value += char;
      index++;
      continue;
    }
    const next = text[index + 1] ?? '';
    const hex = { x: 2, u: 4, U: 8 }[next as 'x' | 'u' | 'U'];
    if (hex !== undefined) {
      const digits = /^[0-9a-fA-F]+/.exec(text.slice(index + 2, index + 2 + hex))?.[0] ?? '';
      // \x writes a byte; browsers only write \x for ASCII, so the byte is the character.
      const code = Number.parseInt(digits, 16);
      value += digits === '' || code > 0x10ffff ? `\\${next}${digits}` : String.fromCodePoint(code);
      index += 2 + digits.length;
    } else if (/[0-7]/.test(next)) {
      const digits = /^[0-7]{1,3}/.exec(text.slice(index + 1))![0];
      value += String.fromCharCode(Number.parseInt(digits, 8) & 0xff);
      index += 1 + digits.length;
    } else {
      value += simpleEscapes[next] ?? `\\${next}`;
      index += 2;
    }
  }
  return null;
}

/** A word as bash reads it back unchanged: in '…', with each ' written as '\''. */
export function quoteShellWord(word: string): string {
  return /^[A-Za-z0-9_\-.,:/@=+%]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
