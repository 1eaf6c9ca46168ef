import { withoutBom } from './import-result.ts';

export type ImportFormat = 'json' | 'ndjson' | 'csv' | 'curl' | 'har';

const byExtension: Record<string, ImportFormat> = {
  json: 'json',
  ndjson: 'ndjson',
  jsonl: 'ndjson',
  csv: 'csv',
  tsv: 'csv',
  har: 'har',
  sh: 'curl',
  curl: 'curl',
};

/**
 * A guess at a dropped or opened file's format from its name and its first few kilobytes of
 * text; null when neither tells. The content wins over the name where it is unmistakable (a
 * .json file that starts with {"log": is a HAR, one whose first lines are whole objects is
 * NDJSON, a .txt that starts with curl is a command): people save what devtools gave them under
 * whatever name.
 */
export function detectFormat(fileName: string, head: string): ImportFormat | null {
  const text = withoutBom(head).trimStart();
  if (/^curl(?:\.exe)?\s/i.test(text)) return 'curl';
  if (/^\{\s*"log"\s*:/.test(text)) return 'har';
  if (text.startsWith('{') && looksLikeNdjson(text)) return 'ndjson';
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const named = extension === undefined ? undefined : byExtension[extension];
  if (named !== undefined) return named;
  if (text.startsWith('[') || text.startsWith('{')) return 'json';
  const [firstLine = ''] = text.split('\n');
  return /[,;\t|]/.test(firstLine) ? 'csv' : null;
}

/** Several lines that each hold a whole object: a pretty-printed JSON object has no such first line. */
function looksLikeNdjson(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return false;
  try {
    JSON.parse(lines[0]!);
    return lines[1]!.trimStart().startsWith('{');
  } catch {
    return false;
  }
}
