import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { z } from 'zod';
import { kindOf } from '../formats/import-result.ts';
import { parseDuration } from './duration.ts';
import { ScenarioSchema, SendStepSchema, WaitStepSchema, type Scenario } from './scenario.ts';

/**
 * A scenario file read and checked: parsed with positions (jsonc-parser), then checked against
 * ScenarioSchema. A problem names the file and where: `line:column` for broken JSON, the JSON
 * pointer of the bad value (0-based, `steps/2/expect/status`) and its line:column for a value
 * the schema refuses, with what to do.
 */

export type ScenarioReading = { ok: true; scenario: Scenario } | { ok: false; problem: string };

type Path = readonly PropertyKey[];

/** 1-based line and column of a text offset. */
function placeOf(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}

function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

const NUMBER_WORDS: Record<string, string> = { number: 'a number', int: 'a whole number', string: 'a text', array: 'a list', object: 'an object', boolean: 'true or false' };

/** The part of a schema a path leads to, through objects, lists, unions (the first option it leads somewhere in), optional and default values. */
function schemaAt(schema: z.ZodType, path: Path): z.ZodType | null {
  let at: z.ZodType = schema;
  while (at instanceof z.ZodOptional || at instanceof z.ZodDefault) at = at.unwrap() as z.ZodType;
  if (path.length === 0) return at;
  const [key, ...rest] = path;
  if (at instanceof z.ZodUnion) {
    for (const option of at.options as z.ZodType[]) {
      const found = schemaAt(option, path);
      if (found) return found;
    }
    return null;
  }
  const next = at instanceof z.ZodObject ? (at.shape as Record<PropertyKey, z.ZodType | undefined>)[key!] : at instanceof z.ZodArray ? (at.element as z.ZodType) : undefined;
  return next ? schemaAt(next, rest) : null;
}

/** "a number from 100 to 599" when the schema bounds it both ways, as the person fixing it needs to know. */
function numberRange(schema: z.ZodType | null): string | null {
  // A whole number (.int()) is bounded by the safe integers: no bound a person set.
  if (!(schema instanceof z.ZodNumber) || schema.minValue === null || schema.maxValue === null || schema.minValue <= Number.MIN_SAFE_INTEGER || schema.maxValue >= Number.MAX_SAFE_INTEGER) return null;
  return `a number from ${schema.minValue} to ${schema.maxValue}`;
}

/** One zod issue in words, with what to do; `schema` is the part of the schema it is about. */
function issueText(issue: z.core.$ZodIssue, actual: unknown, schema: z.ZodType | null): string {
  const range = issue.code === 'too_small' || issue.code === 'too_big' ? numberRange(schema) : null;
  if (range) return `expected ${range}, not ${JSON.stringify(actual)}`;
  switch (issue.code) {
    case 'invalid_type':
      return actual === undefined ? `missing: add it (${NUMBER_WORDS[issue.expected] ?? issue.expected})` : `expected ${NUMBER_WORDS[issue.expected] ?? issue.expected}, not ${kindOf(actual)}`;
    case 'too_small':
      if (issue.origin === 'number') return `expected a number of at least ${String(issue.minimum)}, not ${JSON.stringify(actual)}`;
      if (issue.origin === 'array') return `needs at least ${String(issue.minimum)} ${issue.minimum === 1 ? 'entry' : 'entries'}`;
      return `needs at least ${String(issue.minimum)} characters`;
    case 'too_big':
      if (issue.origin === 'number') return `expected a number of at most ${String(issue.maximum)}, not ${JSON.stringify(actual)}`;
      if (issue.origin === 'array') return `holds more than ${String(issue.maximum)} entries: split it`;
      return `is longer than ${String(issue.maximum)} characters: shorten it`;
    case 'unrecognized_keys':
      return `${issue.keys.map((key) => `"${key}"`).join(', ')} ${issue.keys.length === 1 ? 'is not a setting' : 'are not settings'} of a scenario here: remove ${issue.keys.length === 1 ? 'it' : 'them'} or check the spelling`;
    case 'invalid_value':
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}, not ${JSON.stringify(actual)}`;
    default:
      return issue.message;
  }
}

/** A step's problems against the kind of step it is meant to be: a union's "Invalid input" says nothing. */
function stepIssues(step: unknown): { issue: z.core.$ZodIssue; schema: z.ZodType | null }[] {
  const stepSchema = typeof step === 'object' && step !== null && 'wait' in step ? WaitStepSchema : SendStepSchema;
  const parsed = stepSchema.safeParse(step);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    issue: issue.code === 'invalid_union' && issue.path[0] === 'send' ? { ...issue, message: 'expected a batch file of the workspace (batches/NAME.json) or a list of events' } : issue,
    schema: schemaAt(stepSchema, issue.path),
  }));
}

/** Every schema problem, each with the full path from the file's root; a step's union problem read as its kind of step. */
function schemaIssues(value: unknown): { path: Path; issue: z.core.$ZodIssue; schema: z.ZodType | null }[] {
  const parsed = ScenarioSchema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const [first, index] = issue.path;
    if (issue.code === 'invalid_union' && first === 'steps' && typeof index === 'number') {
      const step = valueAt(value, issue.path);
      return stepIssues(step).map((inner) => ({ ...inner, path: [...issue.path, ...inner.issue.path] }));
    }
    return [{ path: issue.path, issue, schema: schemaAt(ScenarioSchema, issue.path) }];
  });
}

/** Where a path's value starts in the text, as `line:column`, or the nearest enclosing value's. */
function placeOfPath(text: string, tree: Node, path: Path): string {
  for (let length = path.length; length >= 0; length--) {
    const node = findNodeAtLocation(tree, path.slice(0, length) as (string | number)[]);
    if (node) return placeOf(text, node.offset);
  }
  return '1:1';
}

/** Durations the schema's pattern takes but the engine refuses (past ten minutes). */
function durationProblems(scenario: Scenario): { path: Path; message: string }[] {
  return scenario.steps.flatMap((step, index) => {
    if (!('wait' in step)) return [];
    const read = parseDuration(step.wait);
    return read.ok ? [] : [{ path: ['steps', index, 'wait'], message: read.message }];
  });
}

export function readScenarioText(file: string, text: string): ScenarioReading {
  const errors: ParseError[] = [];
  const tree = parseTree(text.replace(/^\uFEFF/, ''), errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first || tree === undefined) {
    const where = first ? placeOf(text, first.offset) : '1:1';
    const what = first ? printParseErrorCode(first.error) : 'ValueExpected';
    return { ok: false, problem: `${file}:${where}: not valid JSON (${what}). Fix the JSON there; a scenario is an object like {"format": "eventdesk.scenario", ...}.` };
  }
  const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
  const issues = schemaIssues(value);
  const problems = issues.map(({ path, issue, schema }) => `${file}:${placeOfPath(text, tree, path)}: ${path.join('/') || '(the file)'}: ${issueText(issue, valueAt(value, path), schema)}`);
  if (problems.length > 0) return { ok: false, problem: problems.join('\n') };
  const scenario = ScenarioSchema.parse(value);
  const durations = durationProblems(scenario).map(({ path, message }) => `${file}:${placeOfPath(text, tree, path)}: ${path.join('/')}: ${message}`);
  return durations.length > 0 ? { ok: false, problem: durations.join('\n') } : { ok: true, scenario };
}
