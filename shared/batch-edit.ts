import { applyEdits, modify, type JSONPath } from 'jsonc-parser';

/**
 * Form edits to a batch, made on its text: jsonc-parser changes just the value at a path and
 * leaves every other character (formatting, comments, the other events) as it was.
 */

export function setValueAt(text: string, path: JSONPath, value: unknown): string {
  const indent = /\n(\s+)"/.exec(text)?.[1];
  const formattingOptions = { insertSpaces: !indent?.startsWith('\t'), tabSize: indent && !indent.startsWith('\t') ? Math.min(indent.length, 8) : 2, eol: text.includes('\r\n') ? '\r\n' : '\n' };
  return applyEdits(text, modify(text, path, value, { formattingOptions }));
}

export function removeValueAt(text: string, path: JSONPath): string {
  return applyEdits(text, modify(text, path, undefined, {}));
}

/** Renames an attribute, keeping its value: remove the old key, add the new one. */
export function renameAttribute(text: string, index: number, from: string, to: string, value: unknown): string {
  return setValueAt(removeValueAt(text, [index, 'attributes', from]), [index, 'attributes', to], value);
}
