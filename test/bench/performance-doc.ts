import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { median } from './bench.ts';

/**
 * `npm run bench:doc -- LOG...` writes the figures of docs/performance.md from the saved output
 * of `npm run bench` runs (`npm run bench > run1.log`): each line's value and ratio as the
 * median of the runs with their spread, and its goal met or missed in how many runs, under the
 * case that printed it. Only the part between the figures markers is written; the rest of the
 * page is prose.
 */

export const PERFORMANCE_FILE = path.resolve(import.meta.dirname, '../../docs/performance.md');
export const FIGURES_START = '<!-- figures: written by npm run bench:doc; do not edit by hand -->';
export const FIGURES_END = '<!-- /figures -->';

export interface ParsedLine {
  /** The case that printed it: the last `CASE name` line before it (run.ts prints one per case). */
  benchCase: string;
  name: string;
  value: number;
  unit: string;
  baseline: string;
  baselineValue: number;
  ratio: number;
  goal: { label: string; met: boolean } | null;
}

/** One `BENCH …` line as formatBenchLine writes it, printed by `benchCase`, or null for any other line. */
export function parseBenchLine(line: string, benchCase = ''): ParsedLine | null {
  const match = /^BENCH (\S+) value=(\S+) unit=(\S+) baseline=(.+?):(\S+) ratio=(\S+)(.*)$/.exec(line.trim());
  if (!match) return null;
  const [, name, value, unit, baseline, baselineValue, ratio, extra] = match;
  const goal = / goal=(\S+):(met|MISSED)\b/.exec(extra ?? '');
  return {
    benchCase,
    name: name!,
    value: Number(value),
    unit: unit!,
    baseline: baseline!,
    baselineValue: Number(baselineValue),
    ratio: Number(ratio),
    goal: goal ? { label: goal[1]!, met: goal[2] === 'met' } : null,
  };
}

function figure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en') : value.toPrecision(3);
}

function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = figure(median(sorted));
  return sorted.length === 1 ? middle : `${middle} [${figure(sorted[0]!)}–${figure(sorted.at(-1)!)}]`;
}

/** The figures' table: a row per bench line, in the order the runs printed them. */
export function figuresTable(runs: readonly string[]): string {
  const byName = new Map<string, ParsedLine[]>();
  for (const run of runs) {
    let benchCase = '';
    for (const line of run.split('\n')) {
      benchCase = /^CASE (\S+)$/.exec(line.trim())?.[1] ?? benchCase;
      const parsed = parseBenchLine(line, benchCase);
      if (parsed) byName.set(parsed.name, [...(byName.get(parsed.name) ?? []), parsed]);
    }
  }
  // In the order of the fullest run: a line a run missed (its case failed there) keeps its place.
  const fullest = [...runs].sort((a, b) => b.split('\nBENCH ').length - a.split('\nBENCH ').length)[0] ?? '';
  const place = (name: string) => {
    const at = fullest.indexOf(`BENCH ${name} `);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  let previousCase: string | null = null;
  const rows = [...byName.values()]
    .sort((a, b) => place(a[0]!.name) - place(b[0]!.name))
    .map((lines) => {
      const first = lines[0]!;
      const met = lines.filter((line) => line.goal?.met).length;
      const goal = first.goal ? `${first.goal.label}: ${met === lines.length ? 'met' : met === 0 ? 'MISSED' : `met in ${met} of ${lines.length}`}` : '';
      const shownCase = first.benchCase === previousCase ? '' : `\`${first.benchCase}\``;
      previousCase = first.benchCase;
      return `| ${shownCase} | \`${first.name}\` | ${spread(lines.map((line) => line.value))} ${first.unit} | ${first.baseline}: ${spread(lines.map((line) => line.baselineValue))} | ${spread(lines.map((line) => line.ratio))} | ${goal} | ${lines.length} |`;
    });
  return [
    '| case | line | value, median [min–max] | baseline, median [min–max] | ratio | goal | runs |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The page with its figures replaced by those of `runs`, headed by `heading` (when and where they were measured). */
export function withFigures(page: string, heading: string, runs: readonly string[]): string {
  const start = page.indexOf(FIGURES_START);
  const end = page.indexOf(FIGURES_END);
  if (start < 0 || end < start) throw new Error(`${PERFORMANCE_FILE} has no figures markers`);
  return `${page.slice(0, start + FIGURES_START.length)}\n\n${heading}\n\n${figuresTable(runs)}\n\n${page.slice(end)}`;
}

/** The saved runs, each file's text; a file that cannot be read, or holds no bench line, is said in one line. */
export async function readRuns(logs: readonly string[]): Promise<{ runs: string[] } | { problem: string }> {
  const runs: string[] = [];
  for (const log of logs) {
    let text: string;
    try {
      text = await readFile(log, 'utf8');
    } catch (error) {
      return { problem: `${log} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}): name the saved output of a run of npm run bench.` };
    }
    if (!text.split('\n').some((line) => parseBenchLine(line) !== null))
      return { problem: `${log} holds no BENCH line: it is not the output of npm run bench.` };
    runs.push(text);
  }
  return { runs };
}

if (import.meta.main) {
  const [heading, ...logs] = process.argv.slice(2);
  if (!heading || logs.length === 0) {
    console.error('Usage: npm run bench:doc -- "Measured on … (N runs)" RUN1.log [RUN2.log ...]');
    process.exit(2);
  }
  const read = await readRuns(logs);
  if ('problem' in read) {
    console.error(`bench:doc: ${read.problem} Nothing was written.`);
    process.exit(2);
  }
  await writeFile(PERFORMANCE_FILE, withFigures(await readFile(PERFORMANCE_FILE, 'utf8'), heading, read.runs));
  console.log(`Wrote the figures of ${read.runs.length} runs into ${path.relative(process.cwd(), PERFORMANCE_FILE)}`);
}
