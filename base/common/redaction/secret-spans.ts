import { mayDecodeInto, viewsOf } from '../escape-views.ts';
import { familiesWithin, needlesOf } from './secret-forms.ts';

/**
 * Where known secrets sit in a text, in every form secret-forms.ts knows, as it is and through
 * the views of escape-views.ts, found by plain search so that no secret is too long to look for.
 *
 * The forms of all secrets are searched together, in one pass of one pattern of literal
 * alternatives (its size bounded: a pattern of forms far past ~45 KB stops compiling), and the
 * forms too long for it by indexOf; the views are read only where an escape may undo into a
 * character of a form. A batch of 100 000 events then costs about what the single pattern of
 * all forms did before secrets of any length were searched for.
 */

/** A form longer than this is searched for by indexOf: one that long finds its few places quickly. */
const LONGEST_IN_PATTERN = 1024;
/** The pattern's source stays under this; the forms past it are searched for by indexOf. */
const PATTERN_SOURCE_LIMIT = 32 * 1024;

/** How one set of secrets is looked for in texts of one range of lengths. */
interface Search {
  /** All forms that fit in it, longest first, as one pattern: null when there are none. */
  pattern: RegExp | null;
  /** The forms left out of the pattern. */
  long: string[];
  /** The forms that take the encoding's digits around them. */
  encoded: ReadonlySet<string>;
  /** Found where an escape may undo into a character of a form: the views are read only then. */
  escapes: RegExp;
  plusIsSpace: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The source of a pattern that finds the longest of `forms` at each place, the forms that start
 * alike sharing their start (`de(?:mo|ar)`): the engine then tries one branch per character
 * rather than each form in turn, up to half the time on a batch full of the characters the
 * forms start with.
 */
function branchesOf(forms: readonly string[]): string {
  const byFirst = new Map<string, string[]>();
  for (const form of forms) byFirst.set(form[0]!, [...(byFirst.get(form[0]!) ?? []), form.slice(1)]);
  const branches = [...byFirst].map(([first, rests]) => {
    const longer = rests.filter((rest) => rest !== '');
    const after = longer.length === 0 ? '' : longer.length === 1 ? escapeRegExp(longer[0]!) : branchesOf(longer);
    // A form that ends here comes after the longer ones that go on: the longest is found.
    return escapeRegExp(first) + (longer.length < rests.length && longer.length > 0 ? `(?:${after})?` : after);
  });
  return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
}

function searchFor(secrets: readonly string[], families: readonly number[]): Search {
  const needles = secrets.flatMap((secret, index) => needlesOf(secret, families[index]!));
  const forms = [...new Set(needles.map((needle) => needle.form))].sort((a, b) => b.length - a.length);
  const patterned: string[] = [];
  const long: string[] = [];
  let size = 0;
  // Shortest first into the pattern, so that a long form, not many short ones, goes to indexOf.
  for (const form of forms.toReversed()) {
    if (form.length <= LONGEST_IN_PATTERN && size + 2 * form.length < PATTERN_SOURCE_LIMIT) {
      patterned.push(form);
      size += 2 * form.length;
    } else long.push(form);
  }
  const units = new Set<number>();
  for (const form of forms) for (let index = 0; index < form.length; index++) units.add(form.charCodeAt(index));
  const plusIsSpace = secrets.some((secret) => secret.includes(' '));
  return {
    pattern: patterned.length > 0 ? new RegExp(branchesOf(patterned), 'g') : null,
    long,
    encoded: new Set(needles.filter((needle) => needle.encoded).map((needle) => needle.form)),
    escapes: mayDecodeInto(units, plusIsSpace),
    plusIsSpace,
  };
}

/** The searches of the sets of secrets asked for lately (the same few come again and again), first in first out; long secrets' are made afresh. */
const searchesKept = new Map<string, Search>();
const SEARCHES_KEPT = 32;
const LONGEST_KEPT = 16 * 1024;

function searchOf(secrets: readonly string[], length: number): Search {
  const families = secrets.map((secret) => familiesWithin(secret, length));
  const key = `${families.join(',')}\u0000${secrets.join('\u0000')}`;
  const kept = searchesKept.get(key);
  if (kept !== undefined) return kept;
  const search = searchFor(secrets, families);
  if (key.length <= LONGEST_KEPT) {
    if (searchesKept.size >= SEARCHES_KEPT) searchesKept.delete(searchesKept.keys().next().value!);
    searchesKept.set(key, search);
  }
  return search;
}

const isEncodingDigit = (unit: string | undefined) => unit !== undefined && /^[A-Za-z0-9+/_-]$/.test(unit);

/** Spans gathered in runs of rising starts, each run merged as it comes, so that a text full of one secret keeps few. */
class Spans {
  readonly all: [number, number][] = [];

  add(start: number, end: number): void {
    const last = this.all.at(-1);
    if (last !== undefined && start >= last[0] && start <= last[1]) last[1] = Math.max(last[1], end);
    else this.all.push([start, end]);
  }

  merged(): [number, number][] {
    const merged: [number, number][] = [];
    for (const span of this.all.sort((a, b) => a[0] - b[0])) {
      const last = merged.at(-1);
      if (last !== undefined && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
      else merged.push(span);
    }
    return merged;
  }
}

/** Every place of a form in `seen`, as spans of the text through `origin`. */
function searchIn(seen: string, origin: (start: number, end: number) => readonly [number, number], search: Search, spans: Spans): void {
  const found = (at: number, form: string) => {
    let [start, end] = [at, at + form.length];
    if (search.encoded.has(form)) {
      if (isEncodingDigit(seen[start - 1])) start--;
      if (isEncodingDigit(seen[end])) end++;
      while (seen[end] === '=' && end < at + form.length + 3) end++;
    }
    spans.add(...origin(start, end));
  };
  const { pattern } = search;
  if (pattern !== null) {
    pattern.lastIndex = 0;
    // One place after each find, not past it: a form of another secret may start inside it and reach further.
    for (let match = pattern.exec(seen); match !== null; pattern.lastIndex = match.index + 1, match = pattern.exec(seen)) found(match.index, match[0]);
  }
  for (const form of search.long) {
    for (let at = seen.indexOf(form); at !== -1; at = seen.indexOf(form, at + form.length)) found(at, form);
  }
}

/** Every span of `text` that holds a secret in some form, sorted and merged: [start, end) pairs. */
export function secretSpans(text: string, secrets: readonly string[]): [number, number][] {
  // No form of a secret is shorter than it, but for its base64 inside a longer value: most strings of a value are.
  if (!secrets.some((secret) => text.length >= Math.min(secret.length, Math.floor((secret.length * 4) / 3) - 2))) return [];
  const search = searchOf(secrets, text.length);
  const spans = new Spans();
  searchIn(text, (start, end) => [start, end], search, spans);
  for (const view of viewsOf(text, search.plusIsSpace, (seen) => search.escapes.test(seen))) searchIn(view.text, view.origin, search, spans);
  return spans.merged();
}
