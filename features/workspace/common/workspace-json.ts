import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { z } from 'zod';
import { shortJson } from '../../plans/common/schema-words.ts';
import { escapePointerSegment } from '../../plans/common/schema-walk.ts';
import { positionsOf } from '../../validation/common/positions.ts';
import { readBatchJson } from '../../validation/common/syntax.ts';
import type { WorkspaceProblem } from './workspace.ts';

/**
 * Reading a workspace file's text against its schema. What is wrong is said as problems a person
 * can act on, each with its place: a text that is not JSON at the line and column where it stops
 * being JSON, a value the schema refuses at its JSON pointer and at the line and column of its key.
 */

export type FileReading<T> = { ok: true; value: T } | { ok: false; problems: WorkspaceProblem[] };

/** Problems listed per file: past these the file is broken enough that more would not help. */
const LISTED_PROBLEMS = 20;
const BYTE_ORDER_MARK = '\uFEFF';

export type Segment = string | number;

function pointerOf(path: readonly Segment[]): string {
  return path.map((segment) => `/${escapePointerSegment(String(segment))}`).join('') || '/';
}

function valueAt(document: unknown, path: readonly Segment[]): unknown {
  let value = document;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<Segment, unknown>)[segment];
  }
  return value;
}

/** Where a path points in the text: its key (a value's property, or an unknown key's name), else the nearest object holding it. */
function offsetOf(tree: Node | undefined, path: readonly Segment[], unknownKey?: string): number {
  if (!tree) return 0;
  for (let depth = path.length; depth >= 0; depth--) {
    const node = findNodeAtLocation(tree, path.slice(0, depth));
    if (!node) continue;
    if (depth === path.length && unknownKey !== undefined) {
      const property = node.children?.find((child) => child.children?.[0]?.value === unknownKey);
      if (property) return property.offset;
    }
    return node.parent?.type === 'property' ? node.parent.offset : node.offset;
  }
  return 0;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A problem at a place in a file: the path from the file's root, and for an unknown key, that key. */
export interface PlacedIssue {
  path: readonly Segment[];
  unknownKey?: string;
  message: string;
}

function placedIssues(issue: z.core.$ZodIssue, document: unknown): PlacedIssue[] {
  const path = issue.path.filter((segment): segment is Segment => typeof segment !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({
      path,
      unknownKey: key,
      message: `${pointerOf([...path, key])}: unknown key "${key}"; remove it or correct its spelling.`,
    }));
  }
  const value = valueAt(document, path);
  if (issue.code === 'invalid_type' && value === undefined) {
    return [{ path, message: `${pointerOf(path)}: missing; add "${String(path.at(-1))}" (${article(issue.expected)}).` }];
  }
  if (issue.code === 'invalid_type')
    return [{ path, message: `${pointerOf(path)}: expected ${article(issue.expected)}, saw ${shortJson(value)}; correct the value.` }];
  return [{ path, message: `${pointerOf(path)}: ${issue.message.replace(/[.]?$/, '.')}` }];
}

/** The schema's value in `text`, or every problem found (up to LISTED_PROBLEMS) with its place. */
export function readWorkspaceJson<T>(text: string, path: string, schema: z.ZodType<T>): FileReading<T> {
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const read = readBatchJson(body);
  if (read.problem) {
    const at = positionsOf(body, [read.problem.offset], read.problem.anchor).get(read.problem.offset)!;
    return { ok: false, problems: [{ path, line: at.line, column: at.column, message: `not valid JSON: ${read.problem.reason}.` }] };
  }
  const parsed = schema.safeParse(read.value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    problems: placeProblems(
      body,
      path,
      parsed.error.issues.flatMap((issue) => placedIssues(issue, read.value)),
    ),
  };
}

/**
 * Problems found in a file's JSON text (`text`, valid JSON), each at the line and column of the
 * key its `path` leads to (or of the nearest object holding it): for checks made after the
 * schema's, such as an environment's settings. At most LISTED_PROBLEMS.
 */
export function placeProblems(text: string, path: string, issues: readonly PlacedIssue[]): WorkspaceProblem[] {
  const listed = issues.slice(0, LISTED_PROBLEMS);
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  const tree = parseTree(body);
  const offsets = listed.map((issue) => offsetOf(tree, issue.path, issue.unknownKey));
  const positions = positionsOf(body, offsets);
  return listed.map((issue, index) => {
    const at = positions.get(offsets[index]!)!;
    return { path, line: at.line, column: at.column, message: issue.message };
  });
}

/** A problem as one line: `environments/qa.env.json:4:3: /chunkSize: expected a number, saw "500"; correct the value.` */
export function problemText(problem: WorkspaceProblem): string {
  const place = problem.line === null ? '' : `:${problem.line}${problem.column === null ? '' : `:${problem.column}`}`;
  return `${problem.path}${place}: ${problem.message}`;
}
