import { formatDateTime, isTimeZone, parseDateTime } from '../../../base/common/datetime.ts';
import { VARIABLE_NAME, type NameValue } from './environment.ts';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../../base/common/json-nesting.ts';

/**
 * Templates in a batch's string values, resolved once at send time (issue 5, point 5):
 * `{{$uuid}}`, `{{$now}}`, `{{$now -15m}}`, `{{$randomInt 1 100}}`, `{{$seq}}`,
 * `{{$pick a|b|c}}` and `{{name}}` from the environment's variables.
 *
 * Only values are templates, never field names: a key that resolved differently per event
 * could collide with another key and silently drop a value, and the validator could no longer
 * tell unknown fields from known ones. A template in a key is reported as a problem, so it is
 * never sent as written by accident.
 */

export type Template =
  | { kind: 'uuid' }
  | { kind: 'now'; offset: NowOffset | null }
  | { kind: 'randomInt'; min: number; max: number }
  | { kind: 'seq' }
  | { kind: 'pick'; choices: string[] }
  | { kind: 'variable'; name: string };

/** `-15m` is { amount: -15, unit: 'm' }. */
export interface NowOffset {
  amount: number;
  unit: 's' | 'm' | 'h' | 'd';
}

/** One `{{…}}` in a text, at [start, end) in UTF-16 code units; `template` is null when it is malformed. */
export type TemplateSpan = { start: number; end: number } & ({ template: Template; problem: null } | { template: null; problem: string });

export interface TemplateContext {
  variables: readonly NameValue[];
  /** The IANA zone `$now` is written in (resolve `local` first, with resolveTimeZone). */
  timeZone: string;
  /** The one "now" of the whole batch, so every `$now` in it agrees. */
  now: Date;
  /** A number in [0, 1), like Math.random; injectable for tests. */
  random?: () => number;
  uuid?: () => string;
}

/**
 * Where a template is wrong: a JSON pointer to the value (or key), and [start, end) within its
 * text. A value nested deeper than MAX_JSON_DEPTH is a problem too, over none of its text.
 */
export interface TemplateProblem {
  path: string;
  message: string;
  start: number;
  end: number;
  /** Set for the one problem of a value nested too deep, which is no template's fault. */
  tooDeep?: true;
}

export type ResolveResult = { events: unknown[] } | { problems: TemplateProblem[] };

export const GENERATE_LIMIT = { min: 1, max: 100_000 } as const;

const OPEN = '{{';
const CLOSE = '}}';
const KNOWN = '$uuid, $now, $randomInt, $seq, $pick';
const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** An event is the second level of a batch, inside its array. */
const EVENT_LEVEL = 2;
/** Beyond this, a `$now` offset leaves the years YYYY can hold; no test batch needs more. */
const MAX_OFFSET_MS = 200 * 365 * UNIT_MS.d;

/**
 * Every `{{…}}` in a text, in order, each parsed or with what is wrong with it. The editor
 * highlights these and the validator skips values that hold them. A template does not span
 * lines: an unclosed `{{` runs to the end of its line.
 */
export function findTemplates(text: string): TemplateSpan[] {
  const spans: TemplateSpan[] = [];
  let start = text.indexOf(OPEN);
  while (start !== -1) {
    const close = text.indexOf(CLOSE, start + OPEN.length);
    const lineEnd = text.indexOf('\n', start);
    if (close === -1 || (lineEnd !== -1 && lineEnd < close)) {
      const end = lineEnd === -1 ? text.length : lineEnd;
      spans.push({ start, end, template: null, problem: `"${text.slice(start, end)}" has no closing }}.` });
      start = text.indexOf(OPEN, end);
      continue;
    }
    const end = close + CLOSE.length;
    const parsed = parseTemplate(text.slice(start + OPEN.length, close).trim());
    spans.push(typeof parsed === 'string' ? { start, end, template: null, problem: parsed } : { start, end, template: parsed, problem: null });
    start = text.indexOf(OPEN, end);
  }
  return spans;
}

/**
 * What a string value becomes once resolved: 'number' when it is exactly one `$randomInt`
 * or `$seq` (so `"svc_id": "{{$seq}}"` sends an integer), 'string' when it holds any other
 * template, null when it holds none. The validator checks the value's type by this.
 */
export function templateResultType(value: string): 'number' | 'string' | null {
  if (!value.includes(OPEN)) return null;
  const spans = findTemplates(value);
  return isWholeNumber(value, spans) ? 'number' : 'string';
}

function isWholeNumber(value: string, spans: readonly TemplateSpan[]): boolean {
  const [only] = spans;
  const kind = only?.template?.kind;
  return spans.length === 1 && only!.start === 0 && only!.end === value.length && (kind === 'randomInt' || kind === 'seq');
}

/** A template or what is wrong with it, from the text between the braces (trimmed). */
function parseTemplate(expression: string): Template | string {
  if (expression === '') return 'The template {{}} is empty.';
  if (!expression.startsWith('$')) {
    return VARIABLE_NAME.test(expression)
      ? { kind: 'variable', name: expression }
      : `"${expression}" is not a variable name (letters, digits, _ . -) or a template (${KNOWN}).`;
  }
  const space = expression.search(/\s/);
  const name = space === -1 ? expression : expression.slice(0, space);
  const argument = space === -1 ? '' : expression.slice(space).trim();
  const noArgument = (template: Template) => (argument === '' ? template : `${name} takes nothing after it, but has "${argument}".`);
  switch (name) {
    case '$uuid':
      return noArgument({ kind: 'uuid' });
    case '$seq':
      return noArgument({ kind: 'seq' });
    case '$now':
      return argument === '' ? { kind: 'now', offset: null } : parseOffset(argument);
    case '$randomInt':
      return parseRandomInt(argument);
    case '$pick':
      return parsePick(argument);
    default:
      return `${name} is not a template. The templates are ${KNOWN}.`;
  }
}

function parseOffset(argument: string): Template | string {
  const match = /^([+-])(\d{1,12})([smhd])$/.exec(argument);
  if (!match) return `"${argument}" is not an offset for $now. Write a sign, a number and s, m, h or d, as in -15m or +2h.`;
  const unit = match[3] as NowOffset['unit'];
  const amount = Number(match[2]) * (match[1] === '-' ? -1 : 1);
  if (Math.abs(amount) * UNIT_MS[unit] > MAX_OFFSET_MS) return `${argument} is too far from now; keep $now offsets within 200 years.`;
  return { kind: 'now', offset: { amount, unit } };
}

function parseRandomInt(argument: string): Template | string {
  const match = /^(-?\d+)\s+(-?\d+)$/.exec(argument);
  const usage = `$randomInt needs two whole numbers, the smallest and the largest, as in {{$randomInt 1 100}}.`;
  if (!match) return usage;
  const min = Number(match[1]);
  const max = Number(match[2]);
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) return `$randomInt's numbers must be within ±${Number.MAX_SAFE_INTEGER.toLocaleString('en')}.`;
  if (min > max) return `$randomInt's smallest number (${min}) is larger than its largest (${max}).`;
  return { kind: 'randomInt', min, max };
}

function parsePick(argument: string): Template | string {
  const choices = argument.split('|').map((choice) => choice.trim());
  // An empty choice is more often a stray | than a wish to send blanks now and then.
  const empty = choices.findIndex((choice) => choice === '');
  if (argument === '') return '$pick needs choices separated by |, as in {{$pick red|green|blue}}.';
  if (empty !== -1) return `$pick's choice ${empty + 1} is empty; remove the extra |.`;
  return { kind: 'pick', choices };
}

/** A string value split into literal text and templates, checked against the context. */
interface CompiledValue {
  parts: (string | Template)[];
  wholeNumber: boolean;
  problems: { message: string; start: number; end: number }[];
}

function compile(value: string, context: TemplateContext, variables: ReadonlyMap<string, string>): CompiledValue {
  const spans = findTemplates(value);
  const compiled: CompiledValue = { parts: [], wholeNumber: isWholeNumber(value, spans), problems: [] };
  let last = 0;
  for (const span of spans) {
    if (span.start > last) compiled.parts.push(value.slice(last, span.start));
    last = span.end;
    const problem = span.problem ?? contextProblem(span.template, context, variables);
    if (problem !== null) compiled.problems.push({ message: problem, start: span.start, end: span.end });
    else compiled.parts.push(span.template!);
  }
  if (last < value.length) compiled.parts.push(value.slice(last));
  return compiled;
}

function contextProblem(template: Template, context: TemplateContext, variables: ReadonlyMap<string, string>): string | null {
  if (template.kind === 'now' && !isTimeZone(context.timeZone)) return `$now cannot be written: "${context.timeZone}" is not a known time zone.`;
  if (template.kind !== 'variable' || variables.has(template.name)) return null;
  const known = [...variables.keys()];
  const hint = known.length === 0 ? 'The environment has no variables.' : known.length <= 10 ? `The environment has ${known.join(', ')}.` : '';
  return `There is no variable "${template.name}". ${hint}`.trim();
}

/** Resolves values one after another, event by event, and collects problems. */
class Resolver {
  readonly problems: TemplateProblem[] = [];
  private readonly context: TemplateContext;
  private readonly variables: Map<string, string>;
  // A batch repeats the same template strings (above all a generated one), so each is parsed once.
  private readonly compiled = new Map<string, CompiledValue>();
  private readonly nowTexts = new Map<string, string>();
  private readonly random: () => number;
  private readonly uuid: () => string;
  /** `$seq` is the number of the event being resolved (1-based): the same wherever it appears in that event. */
  private eventNumber = 1;
  /** Nesting too deep is said once, at the first place it is found, however many values are that deep. */
  private toldTooDeep = false;

  constructor(context: TemplateContext) {
    this.context = context;
    this.variables = new Map(context.variables.map((variable) => [variable.name, variable.value]));
    this.random = context.random ?? Math.random;
    this.uuid = context.uuid ?? (() => crypto.randomUUID());
  }

  startEvent(eventNumber: number): void {
    this.eventNumber = eventNumber;
  }

  /**
   * The value with its templates resolved; `path` is the JSON pointer's segments, kept as a
   * stack, and `level` the level of the batch an array or object here opens (2 for an event).
   * A part with no template comes back as the same object, not a copy: most of a batch has
   * none, and copying it would double the cost of a preview. Treat the result as read-only.
   * Nothing deeper than MAX_JSON_DEPTH is walked, so this recursion stays shallow.
   */
  resolve(value: unknown, path: string[], level: number): unknown {
    if (typeof value === 'string') return value.includes(OPEN) ? this.resolveString(value, path) : value;
    if (typeof value !== 'object' || value === null) return value;
    if (level > MAX_JSON_DEPTH) {
      if (!this.toldTooDeep) this.addProblem(path, { message: TOO_DEEP_MESSAGE, start: 0, end: 0, tooDeep: true });
      this.toldTooDeep = true;
      return value;
    }
    if (Array.isArray(value)) {
      let copy: unknown[] | null = null;
      for (let index = 0; index < value.length; index++) {
        path.push(String(index));
        const resolved = this.resolve(value[index], path, level + 1);
        path.pop();
        if (resolved !== value[index]) copy ??= value.slice();
        if (copy !== null) copy[index] = resolved;
      }
      return copy ?? value;
    }
    const record = value as Record<string, unknown>;
    let copy: Record<string, unknown> | null = null;
    for (const key of Object.keys(record)) {
      path.push(key);
      if (key.includes(OPEN)) this.addProblem(path, { message: 'Templates work in values only, not in field names.', start: 0, end: key.length });
      const resolved = this.resolve(record[key], path, level + 1);
      path.pop();
      if (resolved !== record[key]) copy ??= { ...record };
      if (copy === null) continue;
      // JSON.parse makes __proto__ an own field; an assignment would set the prototype instead.
      if (key === '__proto__') Object.defineProperty(copy, key, { value: resolved, writable: true, enumerable: true, configurable: true });
      else copy[key] = resolved;
    }
    return copy ?? record;
  }

  private resolveString(value: string, path: string[]): unknown {
    let compiled = this.compiled.get(value);
    if (compiled === undefined) {
      compiled = compile(value, this.context, this.variables);
      this.compiled.set(value, compiled);
    }
    for (const problem of compiled.problems) this.addProblem(path, problem);
    if (compiled.problems.length > 0) return value;
    if (compiled.wholeNumber) return this.produce(compiled.parts[0] as Template);
    let text = '';
    for (const part of compiled.parts) text += typeof part === 'string' ? part : String(this.produce(part));
    return text;
  }

  private produce(template: Template): string | number {
    switch (template.kind) {
      case 'uuid':
        return this.uuid();
      case 'seq':
        return this.eventNumber;
      case 'randomInt':
        return template.min + Math.floor(this.random() * (template.max - template.min + 1));
      case 'pick':
        return template.choices[Math.floor(this.random() * template.choices.length)]!;
      case 'variable':
        return this.variables.get(template.name)!;
      case 'now': {
        const key = template.offset === null ? '' : `${template.offset.amount}${template.offset.unit}`;
        let text = this.nowTexts.get(key);
        if (text === undefined) {
          text = nowText(this.context.now, template.offset, this.context.timeZone);
          this.nowTexts.set(key, text);
        }
        return text;
      }
    }
  }

  private addProblem(path: readonly string[], problem: Omit<TemplateProblem, 'path'>): void {
    this.problems.push({ path: toPointer(path), ...problem });
  }
}

/**
 * `now` moved by the offset, as `YYYY-MM-DD HH:MM:SS` in the zone. Seconds, minutes and hours
 * are elapsed time; days are calendar days that keep the wall clock, as Temporal adds them,
 * so `-1d` is "yesterday at this time" even across a daylight-saving change.
 */
function nowText(now: Date, offset: NowOffset | null, timeZone: string): string {
  if (offset === null) return formatDateTime(now, timeZone);
  if (offset.unit !== 'd') return formatDateTime(new Date(now.getTime() + offset.amount * UNIT_MS[offset.unit]), timeZone);
  // The wall clock read as UTC has no daylight saving, so whole days move it exactly.
  const wallClock = parseDateTime(formatDateTime(now, timeZone), 'UTC');
  if (!wallClock.ok) throw new RangeError(wallClock.error.message);
  const shifted = formatDateTime(new Date(wallClock.value.getTime() + offset.amount * UNIT_MS.d), 'UTC');
  const instant = parseDateTime(shifted, timeZone);
  if (!instant.ok) throw new RangeError(instant.error.message);
  return formatDateTime(instant.value, timeZone);
}

function toPointer(path: readonly string[]): string {
  return path.map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/**
 * The batch with every template resolved, `$seq` being each event's number (1, 2, 3…, the same
 * for every `$seq` within one event, so "evt-{{$seq}}" and a `{{$seq}}` id agree); or every
 * problem, when any.
 * This is also the preview: it is cheap enough to run on 100 000 events.
 */
export function resolveBatch(events: readonly unknown[], context: TemplateContext): ResolveResult {
  const resolver = batchResolver(context);
  const resolved = events.map((event, index) => resolver.resolveEvent(event, index));
  return resolver.problems.length > 0 ? { problems: [...resolver.problems] } : { events: resolved };
}

/**
 * resolveBatch one event at a time, for a caller that reads the events one by one (and yields
 * between them): `resolveEvent(event, index)` for index 0, 1, 2… in order gives what
 * resolveBatch gives, and `problems` gathers every problem met so far. A result is only
 * meaningful while `problems` is empty.
 */
export function batchResolver(context: TemplateContext): {
  resolveEvent(event: unknown, index: number): unknown;
  readonly problems: readonly TemplateProblem[];
} {
  const resolver = new Resolver(context);
  return {
    resolveEvent(event, index) {
      resolver.startEvent(index + 1);
      return resolver.resolve(event, [String(index)], EVENT_LEVEL);
    },
    problems: resolver.problems,
  };
}

/**
 * "Generate N events from this one": `count` copies, each resolved on its own, so every copy
 * gets its own `$uuid` and `$randomInt`, and its own number as `$seq`. Problems point into the one event.
 */
export function generateFrom(event: unknown, count: number, context: TemplateContext): ResolveResult {
  if (!Number.isInteger(count) || count < GENERATE_LIMIT.min || count > GENERATE_LIMIT.max) {
    return {
      problems: [
        { path: '', message: `Generate from ${GENERATE_LIMIT.min} to ${GENERATE_LIMIT.max.toLocaleString('en')} events, not ${count}.`, start: 0, end: 0 },
      ],
    };
  }
  const resolver = new Resolver(context);
  // A template's problems do not depend on the copy, so the first copy shows them all, once.
  const first = resolver.resolve(event, [], EVENT_LEVEL);
  if (resolver.problems.length > 0) return { problems: resolver.problems };
  const events = [first];
  for (let index = 1; index < count; index++) {
    resolver.startEvent(index + 1);
    events.push(resolver.resolve(event, [], EVENT_LEVEL));
  }
  return { events };
}
