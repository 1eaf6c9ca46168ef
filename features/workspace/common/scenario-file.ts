import { z } from 'zod';
import { kindOf } from '../../formats/common/import-result.ts';
import { escapePointerSegment } from '../../plans/common/schema-walk.ts';
import type { WorkspaceProblem } from './workspace.ts';
import { placeProblems, readWorkspaceJson, type PlacedIssue, type Segment } from './workspace-json.ts';
import { parseDuration } from './duration.ts';
import { ScenarioSchema, SendStepSchema, WaitStepSchema, type Scenario } from './scenario.ts';

/**
 * A scenario file read and checked against ScenarioSchema, its problems placed as every
 * workspace file's are (workspace-json.ts): broken JSON at its line and column, a value the
 * schema refuses at its JSON pointer (0-based, `/steps/2/expect/status`) and the line and column
 * of its key, with what to do. A step is checked as the kind of step it is meant to be, so a
 * bad step says what is wrong with it rather than "Invalid input", and a number the schema
 * bounds both ways says both bounds.
 */

export type ScenarioReading = { ok: true; scenario: Scenario } | { ok: false; problems: WorkspaceProblem[] };

type Path = readonly Segment[];

function pointerOf(path: Path): string {
  return path.map((segment) => `/${escapePointerSegment(String(segment))}`).join('') || '/';
}

function segments(path: readonly PropertyKey[]): Segment[] {
  return path.filter((segment): segment is Segment => typeof segment !== 'symbol');
}

function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<Segment, unknown>)[key];
  }
  return at;
}

const NUMBER_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'a text',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
};

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
  const next =
    at instanceof z.ZodObject ? (at.shape as Record<Segment, z.ZodType | undefined>)[key!] : at instanceof z.ZodArray ? (at.element as z.ZodType) : undefined;
  return next ? schemaAt(next, rest) : null;
}

/** "a number from 100 to 599" when the schema bounds it both ways, as the person fixing it needs to know. */
function numberRange(schema: z.ZodType | null): string | null {
  // A whole number (.int()) is bounded by the safe integers: no bound a person set.
  if (
    !(schema instanceof z.ZodNumber) ||
    schema.minValue === null ||
    schema.maxValue === null ||
    schema.minValue <= Number.MIN_SAFE_INTEGER ||
    schema.maxValue >= Number.MAX_SAFE_INTEGER
  )
    return null;
  return `a number from ${schema.minValue} to ${schema.maxValue}`;
}

/** One zod issue in words, with what to do; `schema` is the part of the schema it is about. */
function issueText(issue: z.core.$ZodIssue, actual: unknown, schema: z.ZodType | null): string {
  const range = issue.code === 'too_small' || issue.code === 'too_big' ? numberRange(schema) : null;
  if (range) return `expected ${range}, not ${JSON.stringify(actual)}`;
  switch (issue.code) {
    case 'invalid_type':
      return actual === undefined
        ? `missing: add it (${NUMBER_WORDS[issue.expected] ?? issue.expected})`
        : `expected ${NUMBER_WORDS[issue.expected] ?? issue.expected}, not ${kindOf(actual)}`;
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
    issue:
      issue.code === 'invalid_union' && issue.path[0] === 'send'
        ? { ...issue, message: 'expected a batch file of the workspace (batches/NAME.json) or a list of events' }
        : issue,
    schema: schemaAt(stepSchema, segments(issue.path)),
  }));
}

/** Every schema problem, each with the full path from the file's root; a step's union problem read as its kind of step. */
function schemaIssues(value: unknown): { path: Path; issue: z.core.$ZodIssue; schema: z.ZodType | null }[] {
  const parsed = ScenarioSchema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) => {
    const path = segments(issue.path);
    const [first, index] = path;
    if (issue.code === 'invalid_union' && first === 'steps' && typeof index === 'number') {
      return stepIssues(valueAt(value, path)).map((inner) => ({ ...inner, path: [...path, ...segments(inner.issue.path)] }));
    }
    return [{ path, issue, schema: schemaAt(ScenarioSchema, path) }];
  });
}

/** Durations the schema's pattern takes but the engine refuses (past ten minutes). */
function durationIssues(scenario: Scenario): PlacedIssue[] {
  return scenario.steps.flatMap((step, index) => {
    if (!('wait' in step)) return [];
    const read = parseDuration(step.wait);
    const path = ['steps', index, 'wait'];
    return read.ok ? [] : [{ path, message: `${pointerOf(path)}: ${read.message}` }];
  });
}

export function readScenarioText(file: string, text: string): ScenarioReading {
  const json = readWorkspaceJson(text, file, z.unknown());
  if (!json.ok) return { ok: false, problems: json.problems };
  const issues: PlacedIssue[] = schemaIssues(json.value).map(({ path, issue, schema }) => ({
    path,
    ...(issue.code === 'unrecognized_keys' && issue.keys.length === 1 ? { unknownKey: issue.keys[0] } : {}),
    message: `${pointerOf(path)}: ${issueText(issue, valueAt(json.value, path), schema)}`,
  }));
  if (issues.length > 0) return { ok: false, problems: placeProblems(text, file, issues) };
  const scenario = ScenarioSchema.parse(json.value);
  const durations = durationIssues(scenario);
  return durations.length > 0 ? { ok: false, problems: placeProblems(text, file, durations) } : { ok: true, scenario };
}
