/**
 * The word a person most likely meant when they mistyped a command or a flag: the same once
 * case, dashes and underscores are set aside (`chunksize` for `chunk-size`), or one or two
 * keystrokes away (`sendd`, `josn`), counting a swap of two neighbours as one.
 */

function normalised(word: string): string {
  return word.toLowerCase().replace(/[-_]/g, '');
}

/** Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: the optimal string alignment distance. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The candidate closest to `given`, or null when none is close enough to be a slip of the fingers. */
export function closestWord(given: string, candidates: Iterable<string>): string | null {
  const typed = normalised(given);
  // A short word has few neighbours that are slips rather than other words.
  const allowed = typed.length <= 4 ? 1 : 2;
  let best: { word: string; edits: number } | null = null;
  for (const word of candidates) {
    const edits = distance(typed, normalised(word));
    if (edits <= allowed && (best === null || edits < best.edits)) best = { word, edits };
  }
  return best?.word ?? null;
}
