import type { RunResult, StepStatus } from './run-result.ts';

/**
 * Two runs of a workspace's scenarios side by side (the Runs view's Compare): per scenario, step
 * and data row, the status in each run and whether it changed, what got worse first.
 */

/** A step's status, `broken` for a scenario that could not run, or null: not in that run. */
export type ComparedStatus = StepStatus | 'broken' | null;

/** `worse`: passed before, not now (a regression); `better`: the other way; `changed`: any other difference. */
export type Change = 'worse' | 'better' | 'changed' | 'same';

export interface ComparedRow {
  file: string;
  scenario: string;
  /** The step's index (from 0), or null for the scenario itself (broken in one run). */
  index: number | null;
  step: string | null;
  row: number | null;
  before: ComparedStatus;
  after: ComparedStatus;
  /** Why it failed in the later run, or was skipped; null when it passed or is not in it. */
  reason: string | null;
  change: Change;
}

export interface RunComparison {
  /** Every row, the changed first (worse, then better, then the rest), each group in the runs' order. */
  rows: ComparedRow[];
  changed: number;
}

interface Entry {
  file: string;
  scenario: string;
  index: number | null;
  step: string | null;
  row: number | null;
  status: Exclude<ComparedStatus, null>;
  reason: string | null;
}

const keyOf = (entry: Pick<Entry, 'file' | 'index' | 'row'>) => JSON.stringify([entry.file, entry.index, entry.row]);

function entriesOf(run: RunResult): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  const add = (entry: Entry) => entries.set(keyOf(entry), entry);
  for (const scenario of run.scenarios) {
    const base = { file: scenario.file, scenario: scenario.name };
    if (scenario.status === 'broken') add({ ...base, index: null, step: null, row: null, status: 'broken', reason: scenario.problem });
    for (const step of scenario.steps) add({ ...base, index: step.index, step: step.name, row: step.row, status: step.status, reason: step.reason });
  }
  return entries;
}

function changeOf(before: ComparedStatus, after: ComparedStatus): Change {
  if (before === after) return 'same';
  if (before === 'passed') return 'worse';
  if (before !== null && after === 'passed') return 'better';
  return 'changed';
}

const ORDER: Record<Change, number> = { worse: 0, better: 1, changed: 2, same: 3 };

/** Compares an earlier run with a later one: a step only the later one has counts as changed, one that passed and is gone as worse. */
export function compareRuns(earlier: RunResult, later: RunResult): RunComparison {
  const before = entriesOf(earlier);
  const after = entriesOf(later);
  // The later run's order, then what only the earlier one had.
  const keys = [...after.keys(), ...[...before.keys()].filter((key) => !after.has(key))];
  const rows = keys.map((key): ComparedRow => {
    const then = before.get(key);
    const now = after.get(key);
    const entry = (now ?? then)!;
    const change = changeOf(then?.status ?? null, now?.status ?? null);
    return {
      file: entry.file,
      scenario: entry.scenario,
      index: entry.index,
      step: entry.step,
      row: entry.row,
      before: then?.status ?? null,
      after: now?.status ?? null,
      reason: now?.reason ?? null,
      change,
    };
  });
  const sorted = rows.map((row, at) => ({ row, at })).sort((a, b) => ORDER[a.row.change] - ORDER[b.row.change] || a.at - b.at);
  return { rows: sorted.map(({ row }) => row), changed: rows.filter((row) => row.change !== 'same').length };
}
