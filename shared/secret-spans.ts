import { mayDecodeInto, viewsOf, type View } from './escape-views.ts';
import { familiesWithin, needlesOf, type Needle } from './secret-forms.ts';

/**
 * Where known secrets sit in a text, in every form secret-forms.ts knows, as it is and through
 * the views of escape-views.ts, found by plain string search so that no secret is too long to
 * look for: one pattern of all forms stops compiling past ~45 KB.
 */

const isEncodingDigit = (unit: string | undefined) => unit !== undefined && /^[A-Za-z0-9+/_-]$/.test(unit);

function searchIn(view: View, needles: readonly Needle[], spans: [number, number][]): void {
  const seen = view.text;
  for (const { form, encoded } of needles) {
    for (let at = seen.indexOf(form); at !== -1; at = seen.indexOf(form, at + form.length)) {
      let [start, end] = [at, at + form.length];
      if (encoded) {
        if (isEncodingDigit(seen[start - 1])) start--;
        if (isEncodingDigit(seen[end])) end++;
        while (seen[end] === '=' && end < at + form.length + 3) end++;
      }
      spans.push([...view.origin(start, end)]);
    }
  }
}

/** Every span of `text` that holds a secret in some form, sorted and merged: [start, end) pairs. */
export function secretSpans(text: string, secrets: readonly string[]): [number, number][] {
  // No form of a secret is shorter than it, but for its base64 inside a longer value: most strings of a value are.
  if (!secrets.some((secret) => text.length >= Math.min(secret.length, Math.floor((secret.length * 4) / 3) - 2))) return [];
  const needles = secrets.flatMap((secret) => needlesOf(secret, familiesWithin(secret, text.length)));
  const units = new Set<number>();
  for (const { form } of needles) for (let index = 0; index < form.length; index++) units.add(form.charCodeAt(index));
  const plusIsSpace = secrets.some((secret) => secret.includes(' '));
  const escapes = mayDecodeInto(units, plusIsSpace);
  const spans: [number, number][] = [];
  searchIn({ text, origin: (start, end) => [start, end] }, needles, spans);
  // Below a text where no escape may undo into a character of a form, every view finds what the text does.
  for (const view of viewsOf(text, plusIsSpace, (seen) => escapes.test(seen))) searchIn(view, needles, spans);
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}
