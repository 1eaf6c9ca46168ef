import { readJson, withoutBom } from '../../formats/common/import-result.ts';
import { plural } from '../../../base/common/plural.ts';
import { adaptSchema, isObject, pointerToken, rootDefinitions, type Adaptation, type DefinitionRef } from './import-schema.ts';
import { DEFAULT_PLAN_KEY, type JsonSchema, type PlannedEvent, type TrackingPlan } from './plan.ts';

/**
 * What every tracking-plan importer shares: reading the exported files, and making one plan of
 * the kinds of event they describe. Pure: the command line (and later the app) reads the files.
 */

/** One exported file: its name (for messages, and as a kind's key where a format says so) and its text. */
export interface PlanSourceFile {
  readonly name: string;
  readonly text: string;
}

export type PlanImportResult = { ok: true; plan: TrackingPlan; notes: string[] } | { ok: false; message: string };

export interface PlanImportOptions {
  /** The plan's name; each format has a default (its export's own name where it has one). */
  readonly name?: string;
  /** The event field that names the kind (default `token`). */
  readonly key?: string;
}

/** One kind of event as an export describes it. */
export interface ImportedKind {
  readonly key: string;
  readonly description?: unknown;
  /** The schema of the kind's properties, which become the event's attributes. */
  readonly attributes: unknown;
  /** The document `attributes` sits in: its root definitions are what a `$ref` can point to. */
  readonly document: unknown;
  /** Where it was found, for messages: `checkout.json`, `rule 3 of rules.json`. */
  readonly source: string;
}

/** At most this many problems are listed; a broken export of 500 events should not print 500 lines. */
const LISTED_PROBLEMS = 10;

/** A file's JSON, or why it is not JSON, in words that name the file. */
export function readJsonFile(file: PlanSourceFile): { ok: true; value: unknown } | { ok: false; message: string } {
  const text = withoutBom(file.text);
  if (text.trim() === '') return { ok: false, message: `${file.name} is empty.` };
  const reading = readJson(text);
  if (reading.ok) return reading;
  const where = reading.line === undefined ? '' : ` at line ${reading.line}, column ${reading.column}`;
  return { ok: false, message: `${file.name} ${reading.tooDeep ? 'nests too deep' : 'is not valid JSON'}${where}: ${reading.reason}.` };
}

/** The plan's `$defs`, filled as documents come, each source definition under a name of its own. */
class Definitions {
  /** A Map, not an object: a definition named __proto__ is a definition like any other. */
  readonly schemas = new Map<string, JsonSchema>();
  /** Each plan name's source text, so the same definition in two documents is kept once. */
  private readonly sources = new Map<string, string>();

  /**
   * Adds the document's root definitions and gives the plan's `$ref` for each of their names;
   * two documents' definitions of one name that differ are named apart (`address_2`).
   */
  add(document: unknown, where: string, adaptation: Adaptation): DefinitionRef {
    const names = new Map<string, string>();
    for (const [name, schema] of rootDefinitions(document)) {
      const source = JSON.stringify(schema);
      let planName = name;
      for (let suffix = 2; this.sources.has(planName) && this.sources.get(planName) !== source; suffix++) planName = `${name}_${suffix}`;
      this.sources.set(planName, source);
      names.set(name, planName);
    }
    const refOf: DefinitionRef = (name) => {
      const planName = names.get(name);
      return planName === undefined ? undefined : `#/$defs/${pointerToken(planName)}`;
    };
    for (const [name, schema] of rootDefinitions(document)) {
      const planName = names.get(name)!;
      if (!this.schemas.has(planName)) this.schemas.set(planName, adaptSchema(schema, `${where}, definition "${name}"`, refOf, adaptation));
    }
    return refOf;
  }
}

function sortedByKey<T>(entries: ReadonlyMap<string, T>): Record<string, T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The problems, one a line, the first few of a long list. */
export function problemList(problems: readonly string[]): string {
  const shown = problems.slice(0, LISTED_PROBLEMS);
  const more = problems.length - shown.length;
  return [...shown, ...(more > 0 ? [`…and ${plural(more, 'more problem')}.`] : [])].join('\n');
}

/** A note on the entries of other types an importer left out, by type: `{IDENTIFY: 2, GROUP: 1}`. */
export function leftOutNote(types: ReadonlyMap<string, number>, noun: string, why: string): string[] {
  if (types.size === 0) return [];
  const count = [...types.values()].reduce((sum, each) => sum + each, 0);
  return [`Left out ${plural(count, noun)} of type ${[...types.keys()].sort().join(', ')}: ${why}`];
}

/**
 * The plan of these kinds: each kind's properties schema, adapted to 2020-12, becomes its
 * `attributes`; definitions move to the plan's `$defs`. Kinds and definitions are sorted by
 * name, so importing the same export again gives the same file.
 */
export function planOf(kinds: readonly ImportedKind[], name: string, options: PlanImportOptions, notes: string[]): PlanImportResult {
  const events = new Map<string, PlannedEvent>();
  const sources = new Map<string, string>();
  const definitions = new Definitions();
  const adaptation: Adaptation = { problems: [], dropped: new Set() };
  for (const kind of kinds) {
    const earlier = sources.get(kind.key);
    if (earlier !== undefined) {
      adaptation.problems.push(`The event "${kind.key}" is described twice: in ${earlier} and in ${kind.source}.`);
      continue;
    }
    sources.set(kind.key, kind.source);
    const where = `${kind.source}, event "${kind.key}"`;
    const refOf = definitions.add(kind.document, where, adaptation);
    // The root's definitions went to the plan's $defs; the rest of the root is the attributes' schema.
    const attributes = isObject(kind.attributes)
      ? Object.fromEntries(Object.entries(kind.attributes).filter(([keyword]) => keyword !== 'definitions' && keyword !== '$defs'))
      : kind.attributes;
    const description = typeof kind.description === 'string' && kind.description.trim() !== '' ? kind.description : undefined;
    events.set(kind.key, { ...(description === undefined ? {} : { description }), attributes: adaptSchema(attributes, where, refOf, adaptation) });
  }
  if (adaptation.problems.length > 0) return { ok: false, message: problemList(adaptation.problems) };
  if (adaptation.dropped.size > 0) notes.push(`Left out keywords that are not JSON Schema: ${[...adaptation.dropped].sort().join(', ')}.`);
  const plan: TrackingPlan = {
    name: options.name ?? name,
    key: options.key ?? DEFAULT_PLAN_KEY,
    events: sortedByKey(events),
    ...(definitions.schemas.size > 0 ? { $defs: sortedByKey(definitions.schemas) } : {}),
  };
  return { ok: true, plan, notes };
}
