import { createScanner } from 'jsonc-parser';

/**
 * Where each field of one event sits in the text, and each entry of an object-valued field
 * (attributes): the two levels diagnostics point into. It reads tokens with jsonc-parser's
 * scanner and counts brackets instead of recursing, so an element nested ten thousand deep
 * is read like any other. Only for text JSON.parse has accepted, and only for the events that
 * need it: those with diagnostics, and those the fast layout pass could not vouch for.
 */

export interface PropertyOutline {
  key: string;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  /** The entries of an object value, in text order; empty for any other value. */
  entries: PropertyOutline[];
}

export interface ElementOutline {
  start: number;
  end: number;
  /** The fields of an object, in text order, repeats included; empty for any other value. */
  fields: PropertyOutline[];
}

/** jsonc-parser's SyntaxKind values: its const enum cannot be read under type stripping. */
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const COLON = 6;
const STRING = 10;

/** Levels of the element that hold fields (1) and entries (2); deeper ones are only counted. */
const OUTLINED_DEPTH = 2;

export function outlineElement(text: string, start: number): ElementOutline {
  const scanner = createScanner(text, true);
  scanner.setPosition(start);
  const fields: PropertyOutline[] = [];
  // Per outlined level: whether it is an object, its property list, and the property whose value is being read.
  const isObject = [false, false, false];
  const lists: PropertyOutline[][] = [[], fields, []];
  const current: (PropertyOutline | null)[] = [null, null, null];
  let depth = 0;
  let previous = -1;

  for (;;) {
    const kind = scanner.scan();
    const offset = scanner.getTokenOffset();
    const end = offset + scanner.getTokenLength();
    if (kind === STRING && depth >= 1 && depth <= OUTLINED_DEPTH && isObject[depth] && (previous === OPEN_BRACE || previous === COMMA)) {
      const property: PropertyOutline = { key: scanner.getTokenValue(), keyStart: offset, keyEnd: end, valueStart: -1, valueEnd: -1, entries: [] };
      lists[depth]!.push(property);
      current[depth] = property;
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) {
      depth--;
      if (depth >= 1 && depth <= OUTLINED_DEPTH && current[depth]) current[depth]!.valueEnd = end;
      if (depth === 0) return { start, end, fields };
    } else if (kind !== COMMA && kind !== COLON) {
      // A value begins: a scalar ends here, a container when its bracket closes.
      const property = depth >= 1 && depth <= OUTLINED_DEPTH ? current[depth] : null;
      if (property) property.valueStart = offset;
      if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
        depth++;
        if (depth <= OUTLINED_DEPTH) {
          isObject[depth] = kind === OPEN_BRACE;
          if (depth === OUTLINED_DEPTH) lists[depth] = property ? property.entries : [];
          current[depth] = null;
        }
      } else {
        if (property) property.valueEnd = end;
        if (depth === 0) return { start, end, fields };
      }
    }
    previous = kind;
  }
}

/** The property a JSON.parse'd value reads for `key`: the last one written, as JSON.parse keeps the last. */
export function propertyOf(list: readonly PropertyOutline[], key: string): PropertyOutline | undefined {
  return list.findLast((property) => property.key === key);
}

/** The later writings of a key already written in the same object, at both outlined levels. */
export function repeatedKeys(outline: ElementOutline): { property: PropertyOutline; field?: string }[] {
  const repeats: { property: PropertyOutline; field?: string }[] = [];
  const collect = (list: readonly PropertyOutline[], field?: string) => {
    const seen = new Set<string>();
    for (const property of list) {
      if (seen.has(property.key)) repeats.push(field === undefined ? { property } : { property, field });
      seen.add(property.key);
    }
  };
  collect(outline.fields);
  for (const field of outline.fields) collect(field.entries, field.key);
  return repeats;
}
