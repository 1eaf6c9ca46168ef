/**
 * Where a JSON pointer into a batch points, as people read it: events are numbered from 1, as
 * the Form view's list numbers them, and the pointer, 0-based like every JSON pointer, stays
 * beside it for anyone matching it to the JSON: "event 3 (/2/attributes/plan)". A pointer to
 * no event is shown as it is, "/" for the batch itself.
 */
export function eventPlace(pointer: string): string {
  const index = /^\/(\d+)(?:\/|$)/.exec(pointer)?.[1];
  return index === undefined ? pointer || '/' : `event ${Number(index) + 1} (${pointer})`;
}
