import { formatDateTime } from '../../../base/common/datetime.ts';
import { resolveTimeZone } from '../../environments/common/environment.ts';
import { findDuplicateEvents } from './duplicate-events.ts';
import { checkEvent, type CheckContext, type EventProblem, type EventTally } from './event-checks.ts';
import { everyKeyWrittenOnce, separators } from './keys-written-once.ts';
import type { ValidationRules } from '../../environments/common/rules.ts';
import { wallClockOrder } from './text-shapes.ts';

/**
 * The checks of every event of a parsed batch, kept per event (problems, fingerprint, depth,
 * created_at clock) so that an incremental run can redo one event's and keep the rest, and the
 * batch-wide check built on them: which events repeat an earlier one.
 */

export interface BatchChecks {
  /** The problems of each event that has any, by index. */
  problems: Map<number, EventProblem[]>;
  fingerprints: Int32Array;
  depths: Int32Array;
  clocks: Float64Array;
  /** The commas a JSON text of the whole batch needs (see keys-written-once.ts). */
  separators: number;
}

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;

export function checkContext(rules: ValidationRules): CheckContext {
  const timeZone = resolveTimeZone(rules.timeZone);
  const now = rules.now.getTime();
  // Wall clocks in one zone sort as their texts do, so each event is checked by comparing texts,
  // or the numbers plainWallClock reads from them, not by converting it. (Only in the hour a
  // zone's clocks go back can this be an hour off.)
  const latest = formatDateTime(new Date(now + rules.futureToleranceMinutes * MS_PER_MINUTE), timeZone);
  const earliest = formatDateTime(new Date(now - rules.maxAgeDays * MS_PER_DAY), timeZone);
  return {
    serviceIdField: rules.serviceIdField,
    timeZone,
    now: formatDateTime(rules.now, timeZone),
    latest,
    earliest,
    latestClock: wallClockOrder(latest),
    earliestClock: wallClockOrder(earliest),
    maxAgeDays: rules.maxAgeDays,
    severity: rules.severity,
  };
}

const tally: EventTally = { separators: 0, fingerprint: 0, depth: 0, clock: 0 };

/** Checks the event at `index` again, as it now is; the batch's separators are left as they were. */
export function recheckEvent(checks: BatchChecks, index: number, event: unknown, context: CheckContext): void {
  const problems = checkEvent(event, context, tally);
  checks.fingerprints[index] = tally.fingerprint;
  checks.depths[index] = tally.depth;
  checks.clocks[index] = tally.clock;
  if (problems) checks.problems.set(index, problems);
  else checks.problems.delete(index);
}

export function checkBatch(events: readonly unknown[], context: CheckContext): BatchChecks {
  const count = events.length;
  const checks: BatchChecks = {
    problems: new Map(),
    fingerprints: new Int32Array(count),
    depths: new Int32Array(count),
    clocks: new Float64Array(count),
    separators: separators(count),
  };
  const { problems, fingerprints, depths, clocks } = checks;
  for (let index = 0; index < count; index++) {
    const found = checkEvent(events[index], context, tally);
    checks.separators += tally.separators;
    fingerprints[index] = tally.fingerprint;
    depths[index] = tally.depth;
    clocks[index] = tally.clock;
    if (found) problems.set(index, found);
  }
  return checks;
}

/** How deep the deepest event nests. */
export function deepestEvent(checks: BatchChecks): number {
  let deepest = 0;
  for (const depth of checks.depths) if (depth > deepest) deepest = depth;
  return deepest;
}

/** For each event, the earlier event it repeats, or -1; none at all while the rule is off. */
export function originalsOf(events: readonly unknown[], checks: BatchChecks, rules: ValidationRules): Int32Array {
  const originals = new Int32Array(events.length).fill(-1);
  if (rules.severity['duplicate-event'] === 'off') return originals;
  for (const { index, original } of findDuplicateEvents(events, checks.fingerprints)) originals[index] = original;
  return originals;
}

/** Whether `text` may write a key twice in one object and the rules want to hear of it: only then are all its events read for that. */
export function mayRepeatKeys(text: string, events: readonly unknown[], checks: BatchChecks, rules: ValidationRules): boolean {
  return rules.severity['duplicate-key'] !== 'off' && !everyKeyWrittenOnce(text, events, checks.separators);
}

/**
 * Brings `originals` up to date after the events that had or now have one of `fingerprints`
 * changed, and says which events' originals changed. Only events that share a fingerprint can
 * repeat each other, so only those are compared again, through the same filter.
 */
export function refreshOriginals(
  events: readonly unknown[],
  checks: BatchChecks,
  originals: Int32Array,
  fingerprints: ReadonlySet<number>,
  rules: ValidationRules,
): number[] {
  if (rules.severity['duplicate-event'] === 'off' || fingerprints.size === 0) return [];
  const all = checks.fingerprints;
  const group: number[] = [];
  for (let index = 0; index < all.length; index++) if (fingerprints.has(all[index]!)) group.push(index);
  const found = new Int32Array(group.length).fill(-1);
  for (const { index, original } of findDuplicateEvents(
    group.map((at) => events[at]),
    Int32Array.from(group, (at) => all[at]!),
  ))
    found[index] = group[original]!;
  const changed: number[] = [];
  group.forEach((at, position) => {
    if (originals[at] === found[position]) return;
    originals[at] = found[position]!;
    changed.push(at);
  });
  return changed;
}
