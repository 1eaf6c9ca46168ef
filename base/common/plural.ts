/**
 * A count and the word that goes with it, as people read it: "1 chunk", "3 chunks",
 * "12,500 events". `many` is for the plurals not made with an s.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? one : many}`;
}
