import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBenchLine, type BenchCase } from '../bench/bench.ts';
import { FIGURES_END, FIGURES_START, PERFORMANCE_FILE, figuresTable, parseBenchLine, readRuns, withFigures } from '../bench/performance-doc.ts';

const cases = path.resolve(import.meta.dirname, '../bench/cases');

describe('docs/performance.md', () => {
  it('reads a line as formatBenchLine writes it, goal included', () => {
    const line = formatBenchLine({
      name: 'x-100k',
      value: 2118,
      unit: 'ms',
      baseline: { name: 'node -e 0', value: 701 },
      extra: { rounds: 3, goal: 'ratio<=1.5:MISSED' },
    });
    expect(parseBenchLine(line, 'x')).toEqual({
      benchCase: 'x',
      name: 'x-100k',
      value: 2118,
      unit: 'ms',
      baseline: 'node -e 0',
      baselineValue: 701,
      ratio: 3.02,
      goal: { label: 'ratio<=1.5', met: false },
    });
    expect(parseBenchLine('history: generated the file in 98 s')).toBeNull();
  });

  it("writes each line's median and spread over the runs, and in how many its goal was met", () => {
    const run = (value: number, met: boolean) =>
      `CASE c\nnoise\nBENCH a value=${value} unit=ms baseline=b:100 ratio=${value / 100} goal=frame<=100ms:${met ? 'met' : 'MISSED'}\n`;
    const table = figuresTable([run(90, true), run(120, false), run(95, true)]);
    expect(table).toContain('| `c` | `a` | 95.0 [90.0–120] ms | b: 100 [100–100] | 0.950 [0.900–1.20] | frame<=100ms: met in 2 of 3 | 3 |');
    expect(withFigures(`# P\n${FIGURES_START}\nold\n${FIGURES_END}\nafter\n`, 'Measured here', [run(90, true)])).toBe(
      `# P\n${FIGURES_START}\n\nMeasured here\n\n${figuresTable([run(90, true)])}\n\n${FIGURES_END}\nafter\n`,
    );
  });

  it('says in one line which saved run it cannot use, before writing anything', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-doc-'));
    const notBench = path.join(folder, 'notes.log');
    await writeFile(notBench, 'npm error code ENOENT\n');
    expect(await readRuns([path.join(folder, 'missing.log')])).toEqual({ problem: expect.stringMatching(/missing\.log cannot be read \(ENOENT\)/) });
    expect(await readRuns([notBench])).toEqual({ problem: `${notBench} holds no BENCH line: it is not the output of npm run bench.` });
    await writeFile(notBench, 'BENCH a value=1 unit=ms baseline=b:1 ratio=1\n');
    expect(await readRuns([notBench])).toEqual({ runs: ['BENCH a value=1 unit=ms baseline=b:1 ratio=1\n'] });
  });

  it('has a figure of every benchmark case', async () => {
    const page = readFileSync(PERFORMANCE_FILE, 'utf8');
    const figures = page.slice(page.indexOf(FIGURES_START), page.indexOf(FIGURES_END));
    const files = readdirSync(cases).filter((file) => file.endsWith('.ts'));
    const names = await Promise.all(files.map(async (file) => ((await import(path.join(cases, file))) as { default: BenchCase }).default.name));
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) expect(figures, `the case ${name}`).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });
});
