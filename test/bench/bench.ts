/**
 * A benchmark case measures one figure and its baseline in the same run, on the same machine,
 * and reports their ratio: absolute timings here are noise, ratios are not.
 */
export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number };
  /** Extra figures worth printing (peak memory, sizes), as `key=value` pairs. */
  extra?: Record<string, string | number>;
}

export interface BenchCase {
  /** Matched by `npm run bench -- FILTER` (substring). */
  name: string;
  run(): Promise<BenchLine[]>;
}

export function formatBenchLine(line: BenchLine): string {
  const ratio = line.baseline.value === 0 ? Number.NaN : line.value / line.baseline.value;
  const extra = Object.entries(line.extra ?? {})
    .map(([key, value]) => ` ${key}=${value}`)
    .join('');
  return `BENCH ${line.name} value=${round(line.value)} unit=${line.unit} baseline=${line.baseline.name}:${round(line.baseline.value)} ratio=${round(ratio)}${extra}`;
}

function round(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : value.toPrecision(3);
}

/** The line with issue #33's goal for it said beside it: `goal=LABEL:met` or `goal=LABEL:MISSED`. */
export function withGoal(line: BenchLine, label: string, met: boolean): BenchLine {
  return { ...line, extra: { ...line.extra, goal: `${label}:${met ? 'met' : 'MISSED'}` } };
}

/** The median of repeated samples: robust to the odd slow run on a noisy machine. */
export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
