const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Where a typed piece starts matching: the index of the first word it covers, or -1. A piece
 * matches the start of a word ("hist" → "History"), or the starts of words that follow each
 * other ("newb" → "New batch", "sb" → "Send batch").
 */
function pieceAt(piece: string, words: string[]): number {
  const from = (rest: string, at: number): boolean => {
    if (rest === '') return true;
    const word = words[at];
    if (word === undefined) return false;
    for (let length = Math.min(rest.length, word.length); length > 0; length--) {
      if (word.startsWith(rest.slice(0, length)) && from(rest.slice(length), at + 1)) return true;
    }
    return false;
  };
  return words.findIndex((_word, at) => from(piece, at));
}

/**
 * How well a query matches a title and its group, by word starts: null when some typed piece
 * matches nowhere, otherwise a score where lower is better (matches early in the title first).
 */
export function matchScore(query: string, title: string, group: string): number | null {
  const pieces = wordsOf(query);
  const titleWords = wordsOf(title);
  const groupWords = wordsOf(group);
  let score = 0;
  for (const piece of pieces) {
    const inTitle = pieceAt(piece, titleWords);
    if (inTitle >= 0) {
      score += inTitle;
      continue;
    }
    if (pieceAt(piece, groupWords) < 0) return null;
    score += titleWords.length + 1;
  }
  return score;
}
