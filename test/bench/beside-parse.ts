import { median, withGoal, type BenchLine } from './bench.ts';

/**
 * Times `work` beside a bare JSON.parse of `text` in the same process, in turns, a full
 * collection (node --expose-gc) before each timed call, so neither pays for the other's
 * garbage; each round swaps which goes first. Reports the median of each and of the rounds'
 * own ratios. A text JSON.parse refuses is timed up to where it stops (the syntax-error
 * variants): that is the baseline then.
 */
export function measureBesideParse(name: string, text: string, work: () => unknown, extra: Record<string, string | number> = {}, runs = 10): BenchLine {
  const collect = globalThis.gc;
  if (!collect) throw new Error('This bench needs node --expose-gc (npm run bench sets it).');
  const timed = (call: () => unknown): number => {
    collect();
    const started = performance.now();
    call();
    return performance.now() - started;
  };
  const workSamples: number[] = [];
  const parseSamples: number[] = [];
  const ratios: number[] = [];
  const parse = (): void => {
    try {
      JSON.parse(text);
    } catch {
      // A syntax error: the time JSON.parse took to find it is the baseline.
    }
  };
  for (let run = 0; run < runs; run++) {
    const [first, second] = run % 2 === 0 ? [parse, work] : [work, parse];
    const firstTime = timed(first);
    const secondTime = timed(second);
    const [workTime, parseTime] = run % 2 === 0 ? [secondTime, firstTime] : [firstTime, secondTime];
    workSamples.push(workTime);
    parseSamples.push(parseTime);
    ratios.push(workTime / parseTime);
  }
  return {
    name,
    value: median(workSamples),
    unit: 'ms',
    baseline: { name: 'json-parse', value: median(parseSamples) },
    extra: { 'paired-ratio': median(ratios).toFixed(2), megabytes: (text.length / 1e6).toFixed(1), ...extra },
  };
}

/** The line with issue #33's goal for it: at most `ratio` times the JSON.parse beside it, paired run by run. */
export function withParseGoal(line: BenchLine, ratio: number): BenchLine {
  return withGoal(line, `paired-ratio<=${ratio}`, Number(line.extra?.['paired-ratio']) <= ratio);
}
