import { createHash } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import planSchema from '../../../docs/plan.schema.json' with { type: 'json' };
import { AppError } from '../../../base/common/errors.ts';
import { MAX_JSON_DEPTH, nestsTooDeep } from '../../../base/common/json-nesting.ts';
import { errorPointer, valueAt, type CheckablePlan, type SchemaError } from '../common/check.ts';
import type { TrackingPlan } from '../common/plan.ts';
import { planProblemText, type PlanProblem } from '../common/plan-problem.ts';
import { escapePointerSegment } from '../common/schema-walk.ts';
import { expectedWords, shortJson } from '../common/schema-words.ts';
import { positionsOf } from '../../validation/common/positions.ts';
import { readBatchJson } from '../../validation/common/syntax.ts';
import { MAX_PLAN_BYTES, MAX_PLAN_KINDS } from '../common/plan-limits.ts';
import { compileKinds, type CompiledKinds } from './compile.ts';

/**
 * A plan file's text as a plan ready to check events with: parsed (a text that is not JSON is
 * refused with its line and column), checked against docs/plan.schema.json, and each kind's
 * schemas compiled (compile.ts). Compiling costs far more than checking, so a plan is compiled
 * once per text, kept by the text's hash, and each kind only when first used: a check of a few
 * events compiles their kinds only. What needs them all (the problems, the worker's module) compiles
 * the rest; loadPlanInSlices does so in slices, so the thread that loads it (the services' one,
 * the sandbox's) keeps answering calls meanwhile. What is wrong inside one kind or one definition
 * is a problem listed with the plan, and the rest still applies; what is wrong with the plan's own
 * fields (no name, no events, an unknown severity), or a plan past the limits of plan-limits.ts,
 * refuses it.
 */

export interface LoadedPlan extends CheckablePlan {
  /** The plan's own problems, each naming its kind and its JSON path (compiling every kind not compiled yet). */
  readonly problems: readonly PlanProblem[];
  /** The validators as an ES module's source, for the editor's worker (standalone.ts). */
  readonly standalone: () => string;
}

/** Plans kept compiled, the most recently loaded last. */
const CACHED_PLANS = 16;
/** And their texts' bytes, all told: a compiled plan weighs a few hundred times its text, so one large plan is kept, not 16. */
const CACHED_BYTES = MAX_PLAN_BYTES;
const cache = new Map<string, { loaded: LoadedPlan; compiled: CompiledKinds; bytes: number }>();

function keepCompiled(hash: string, entry: { loaded: LoadedPlan; compiled: CompiledKinds; bytes: number }): void {
  cache.set(hash, entry);
  let bytes = [...cache.values()].reduce((sum, kept) => sum + kept.bytes, 0);
  // The plan just loaded stays, whatever its size.
  while (cache.size > 1 && (cache.size > CACHED_PLANS || bytes > CACHED_BYTES)) {
    const [oldest, kept] = cache.entries().next().value!;
    cache.delete(oldest);
    bytes -= kept.bytes;
  }
}

/** How long loadPlanInSlices works before it lets the thread answer what waits. */
const SLICE_MS = 20;

function toEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

async function inSlices<T>(steps: Generator<void, T, void>): Promise<T> {
  let sliceStarted = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStarted >= SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
}

/** The plan format's schema, compiled at its first use: ~100 ms that a command reading no plan never pays. */
let compiledStructure: ReturnType<Ajv2020['compile']> | null = null;
const structure = () => (compiledStructure ??= new Ajv2020({ allErrors: true, verbose: true, strict: false }).compile(planSchema));

/** Whose an error of the plan's check is: one kind's part, one kind, one definition, or the plan's. */
function ownerOf(instancePath: string): { key?: string; part?: string; def?: string } {
  const [, top, name, part] = instancePath.split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (top === 'events' && name !== undefined) return part === 'attributes' || part === 'fields' ? { key: name, part } : { key: name };
  if (top === '$defs' && name !== undefined) return { def: name };
  return {};
}

function structureMessage(error: SchemaError, value: unknown): string {
  if (error.keyword === 'required') return `missing "${String(error.params.missingProperty)}"`;
  if (error.keyword === 'additionalProperties')
    return `unknown key "${String(error.params.additionalProperty)}"; expected ${expectedWords(error, value, 'key')}`;
  return `expected ${expectedWords(error, value, 'key')}, saw ${shortJson(value)}`;
}

/** The plan's check against its schema: a problem per broken part (its most specific error), and which parts are broken. */
function structureProblems(value: unknown) {
  const problems: PlanProblem[] = [];
  const parts = new Set<string>();
  const defs = new Set<string>();
  const fatal: string[] = [];
  const check = structure();
  if (check(value)) return { problems, parts, defs, fatal };
  // An error deepest in the document says most: a bad `type` rather than "must match a schema in anyOf".
  const byOwner = new Map<string, SchemaError>();
  for (const [index, error] of (check.errors ?? []).entries()) {
    const owner = ownerOf(error.instancePath);
    // What is wrong with the plan's own fields is listed whole: each refuses the plan.
    const id = owner.key === undefined && owner.def === undefined ? String(index) : JSON.stringify(owner);
    const kept = byOwner.get(id);
    if (!kept || error.instancePath.length > kept.instancePath.length) byOwner.set(id, error);
  }
  for (const error of byOwner.values()) {
    const owner = ownerOf(error.instancePath);
    // A missing key is named in the message, at the object it is missing from.
    const pointer = error.keyword === 'required' ? error.instancePath : errorPointer(error);
    const message = structureMessage(error, valueAt(value, errorPointer(error)));
    if (owner.key === undefined && owner.def === undefined) {
      fatal.push(`${pointer || '/'}: ${message}`);
      continue;
    }
    problems.push(owner.key === undefined ? { severity: 'error', pointer, message } : { severity: 'error', key: owner.key, pointer, message });
    if (owner.def !== undefined) defs.add(owner.def);
    else if (owner.part !== undefined) parts.add(`events/${owner.key}/${owner.part}`);
    else if (error.keyword !== 'additionalProperties') parts.add(`events/${owner.key}`);
  }
  return { problems, parts, defs, fatal };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The schemas that nest deeper than MAX_JSON_DEPTH, each a problem and a broken part, and the
 * plan with them left out: checking and compiling a schema both recurse as deep as it goes, and
 * a few hundred levels overflow the stack. No plan needs more than a handful.
 */
function tooDeepParts(value: unknown): { checked: unknown; problems: PlanProblem[]; parts: Set<string>; defs: Set<string> } {
  const found = { problems: [] as PlanProblem[], parts: new Set<string>(), defs: new Set<string>() };
  if (!isObject(value)) return { checked: value, ...found };
  const message = `nests deeper than ${MAX_JSON_DEPTH} levels, more than a schema of attributes needs; it is left unchecked`;
  const events = isObject(value.events) ? { ...value.events } : value.events;
  if (isObject(events)) {
    for (const [key, planned] of Object.entries(events)) {
      if (!isObject(planned)) continue;
      for (const part of ['attributes', 'fields'] as const) {
        if (!nestsTooDeep(planned[part])) continue;
        found.problems.push({ severity: 'error', key, pointer: `/events/${escapePointerSegment(key)}/${part}`, message });
        found.parts.add(`events/${key}/${part}`);
        events[key] = { ...(events[key] as object), [part]: true };
      }
    }
  }
  const defs = isObject(value.$defs) ? { ...value.$defs } : value.$defs;
  if (isObject(defs)) {
    for (const [name, schema] of Object.entries(defs)) {
      if (!nestsTooDeep(schema)) continue;
      found.problems.push({ severity: 'error', pointer: `/$defs/${escapePointerSegment(name)}`, message });
      found.defs.add(name);
      defs[name] = true;
    }
  }
  return { checked: { ...value, events, $defs: defs }, ...found };
}

function parsePlan(text: string, source: string): unknown {
  const read = readBatchJson(text);
  if (!read.problem) return read.value;
  const at = positionsOf(text, [read.problem.offset], read.problem.anchor).get(read.problem.offset)!;
  throw new AppError('plan-not-json', `${source} is not JSON: line ${at.line}, column ${at.column}: ${read.problem.reason}.`);
}

function tooLarge(source: string, what: string): AppError {
  return new AppError('plan-too-large', `${source} is too large a tracking plan: ${what}. Split it, or keep only the kinds this work needs.`);
}

function load(text: string, source: string): { loaded: LoadedPlan; compiled: CompiledKinds } {
  const hash = createHash('sha256').update(text).digest('hex');
  const cached = cache.get(hash);
  if (cached) {
    cache.delete(hash);
    cache.set(hash, cached);
    return cached;
  }
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_PLAN_BYTES) throw tooLarge(source, `${bytes} bytes, more than the ${MAX_PLAN_BYTES} allowed`);
  const deep = tooDeepParts(parsePlan(text, source));
  const events = isObject(deep.checked) && isObject(deep.checked.events) ? Object.keys(deep.checked.events).length : 0;
  if (events > MAX_PLAN_KINDS) throw tooLarge(source, `${events} kinds of event, more than the ${MAX_PLAN_KINDS} allowed`);
  const checked = structureProblems(deep.checked);
  if (checked.fatal.length > 0) {
    throw new AppError(
      'plan-invalid',
      `${source} is not a tracking plan: ${checked.fatal.join('; ')}.`,
      [...checked.fatal, ...checked.problems.map(planProblemText)].join('\n'),
    );
  }
  const plan = deep.checked as TrackingPlan;
  const compiled = compileKinds(plan, { parts: new Set([...deep.parts, ...checked.parts]), defs: new Set([...deep.defs, ...checked.defs]) });
  // A plan just begun: legal, but every event it checks is unplanned, which should not surprise.
  const empty: PlanProblem[] =
    Object.keys(plan.events).length === 0 ? [{ severity: 'warning', pointer: '/events', message: 'lists no kind of event, so every event is unplanned' }] : [];
  const loaded: LoadedPlan = {
    plan,
    kinds: compiled.kinds,
    get problems() {
      toEnd(compiled.compileRest());
      return [...deep.problems, ...checked.problems, ...compiled.problems(), ...empty];
    },
    standalone: () => toEnd(compiled.standalone()),
  };
  const entry = { loaded, compiled, bytes };
  keepCompiled(hash, entry);
  return entry;
}

/** The plan in `text`, read from `source` (a file name, for messages). Throws an AppError when it is no plan at all, or too large. */
export function loadPlan(text: string, source: string): LoadedPlan {
  return load(text, source).loaded;
}

/**
 * The plan in `text`, every kind compiled and, with `module`, its worker module written, in
 * slices of SLICE_MS with the thread free between them: for a thread that answers calls while it loads.
 */
export async function loadPlanInSlices(text: string, source: string, { module }: { module: boolean }): Promise<LoadedPlan> {
  const { loaded, compiled } = load(text, source);
  await inSlices(compiled.compileRest());
  if (module) await inSlices(compiled.standalone());
  return loaded;
}
