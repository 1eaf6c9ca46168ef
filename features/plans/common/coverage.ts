import { readJsonFile } from './import-plan.ts';
import { DEFAULT_PLAN_KEY, type TrackingPlan } from './plan.ts';
import { kindAtKey, keyProblem } from './plan-key.ts';

/**
 * Coverage of a plan by events (a batch, a capture, history rows): which planned kinds were
 * seen and how often, which were never seen, which unplanned kinds arrived. It needs only the
 * plan's key and the names of its kinds, so a plan whose schemas do not compile still has a
 * coverage. Pure, and one event at a time, so history can feed it rows as it pages them.
 */

/** What coverage needs of a plan. */
export type CoveragePlan = Pick<TrackingPlan, 'key' | 'events'>;

export interface KindCount {
  readonly key: string;
  readonly count: number;
}

export interface PlanCoverage {
  /** The event field that names the kind. */
  readonly key: string;
  readonly events: number;
  /** Planned kinds seen, with how many events of each; sorted by kind. */
  readonly seen: KindCount[];
  /** Planned kinds no event was of; sorted. */
  readonly neverSeen: string[];
  /** Kinds the plan does not name, with their counts; sorted by kind. */
  readonly unplanned: KindCount[];
  /** Events of unplanned kinds past the first UNPLANNED_KINDS_LISTED, counted but not named. */
  readonly unplannedUnlisted: number;
  /** Events with no text in the key field. */
  readonly unkeyed: number;
}

/** Unplanned kinds named one by one; past this (a key field that is unique per event), only counted. */
export const UNPLANNED_KINDS_LISTED = 1000;

function byKey(a: KindCount, b: KindCount): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/** Counts events against a plan one at a time; `result` at any point. */
export class CoverageCount {
  private readonly key: string;
  private readonly planned: Map<string, number>;
  private readonly unplanned = new Map<string, number>();
  private events = 0;
  private unplannedUnlisted = 0;
  private unkeyed = 0;

  constructor(plan: CoveragePlan) {
    this.key = plan.key ?? DEFAULT_PLAN_KEY;
    this.planned = new Map(Object.keys(plan.events).map((kind) => [kind, 0]));
  }

  add(event: unknown): void {
    this.events++;
    const kind = kindAtKey(event, this.key);
    if (kind === undefined) this.unkeyed++;
    else if (this.planned.has(kind)) this.planned.set(kind, this.planned.get(kind)! + 1);
    else if (this.unplanned.has(kind) || this.unplanned.size < UNPLANNED_KINDS_LISTED) this.unplanned.set(kind, (this.unplanned.get(kind) ?? 0) + 1);
    else this.unplannedUnlisted++;
  }

  result(): PlanCoverage {
    const planned = [...this.planned].map(([key, count]) => ({ key, count })).sort(byKey);
    return {
      key: this.key,
      events: this.events,
      seen: planned.filter((kind) => kind.count > 0),
      neverSeen: planned.filter((kind) => kind.count === 0).map((kind) => kind.key),
      unplanned: [...this.unplanned].map(([key, count]) => ({ key, count })).sort(byKey),
      unplannedUnlisted: this.unplannedUnlisted,
      unkeyed: this.unkeyed,
    };
  }
}

/** The coverage of a plan by events: a batch, or any iterable (a capture, history rows). */
export function planCoverage(events: Iterable<unknown>, plan: CoveragePlan): PlanCoverage {
  const count = new CoverageCount(plan);
  for (const event of events) count.add(event);
  return count.result();
}

/**
 * A batch's coverage kept across its edits, for the editor's worker: an edit that changed some
 * events but no event's kind (typing in a value) answers the coverage it had, after reading
 * only the changed events' keys; anything else counts the events again. `changed` is the
 * indexes of the events an edit parsed again, or null when the whole text was read.
 */
export function createCoverageKeeper(): (events: readonly unknown[], plan: CoveragePlan, changed: ReadonlySet<number> | null) => PlanCoverage {
  let kept: { plan: CoveragePlan; kinds: (string | undefined)[]; coverage: PlanCoverage } | null = null;
  return (events, plan, changed) => {
    const key = plan.key ?? DEFAULT_PLAN_KEY;
    const same =
      kept !== null &&
      kept.plan === plan &&
      changed !== null &&
      events.length === kept.kinds.length &&
      [...changed].every((index) => kindAtKey(events[index], key) === kept!.kinds[index]);
    if (!same) kept = { plan, kinds: events.map((event) => kindAtKey(event, key)), coverage: planCoverage(events, plan) };
    return kept!.coverage;
  };
}

const PLAN_SHAPE = 'a plan is {"name", "key", "events": {"<kind>": {"attributes": {...}}}}';

/**
 * What coverage needs of a plan file's text: its kinds and key, or why it has none. It checks no
 * schema: `eventdesk plan check` does.
 */
export function readCoveragePlan(text: string): { ok: true; plan: CoveragePlan } | { ok: false; message: string } {
  const reading = readJsonFile({ name: 'The plan', text });
  if (!reading.ok) return reading;
  const plan = reading.value;
  if (typeof plan !== 'object' || plan === null || Array.isArray(plan)) return { ok: false, message: `The plan is not a JSON object: ${PLAN_SHAPE}.` };
  const { events, key } = plan as Record<string, unknown>;
  if (typeof events !== 'object' || events === null || Array.isArray(events)) return { ok: false, message: `The plan has no "events" object: ${PLAN_SHAPE}.` };
  if (key !== undefined && typeof key !== 'string') return { ok: false, message: `The plan's "key" must name an event field (default "${DEFAULT_PLAN_KEY}").` };
  const problem = key === undefined ? null : keyProblem(key);
  if (problem !== null) return { ok: false, message: problem };
  return { ok: true, plan: { events: events as CoveragePlan['events'], ...(key === undefined ? {} : { key }) } };
}
