import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { redactText } from '../../../base/common/redaction/redact.ts';
import { familiesWithin, needlesOf } from '../../../base/common/redaction/secret-forms.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';

/**
 * Redaction of a 100 000-event batch (about 23 MB of pretty JSON) on its way to disk, the log,
 * an export or the window, with three secrets (a password, an API key, a 220-character token),
 * beside the way it was done before secrets of any length and escapes of any shape were
 * looked for: one flat pattern of all the forms, replaced in one pass. In turns, in the same
 * process. The attributes hold escapes (`\"`, `\\`, `%20`) that undo into no character of a
 * secret; in `-url` each event also has an URL-encoded link, whose `%2F` undoes into the `/` of
 * the API key there, so that the views are read. `extraMB` is how far the peak memory of a
 * process that only reads the text and masks it rose during the call.
 */

const EVENTS = 100_000;
const RUNS = 8;
const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${'x'.repeat(200)}`;

function batchText(withLinks: boolean): string {
  const events = Array.from({ length: EVENTS }, (_, index) => {
    const attributes = { note: `say "hi" to %20 user ${index}`, path: 'a\\b', ...(withLinks && { link: `https%3A%2F%2Fshop.example%2Fp%2F${index}` }) };
    return { token: `t${index}`, attributes, created_at: '2026-01-01 00:00:00', svc_id: 1, device_id: 'd', customer_id: `c${index}` };
  });
  return JSON.stringify(events, null, 2);
}

function timed(call: () => unknown): number {
  const collect = globalThis.gc;
  if (!collect) throw new Error('The redact bench needs node --expose-gc (npm run bench sets it).');
  collect();
  const started = performance.now();
  call();
  return performance.now() - started;
}

function peakIncrease(text: string, secrets: readonly string[]): number {
  const folder = mkdtempSync(path.join(tmpdir(), 'redact-bench-'));
  try {
    const file = path.join(folder, 'batch.json');
    writeFileSync(file, text);
    const script = path.join(import.meta.dirname, '..', 'redact-peak.ts');
    return Number(
      execFileSync(
        process.execPath,
        ['--expose-gc', '--experimental-strip-types', '--disable-warning=ExperimentalWarning', script, file, JSON.stringify(secrets)],
        { encoding: 'utf8' },
      ),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The way before: every form of every secret, longest first, in one flat pattern. */
function onePatternOfAllForms(text: string, secrets: readonly string[]): RegExp {
  const forms = [...new Set(secrets.flatMap((secret) => needlesOf(secret, familiesWithin(secret, text.length)).map((needle) => needle.form)))];
  return new RegExp(
    forms
      .sort((a, b) => b.length - a.length)
      .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|'),
    'g',
  );
}

function measure(name: string, text: string, secrets: readonly string[]): BenchLine {
  const onePattern = onePatternOfAllForms(text, secrets);
  const extraMB = Math.round(peakIncrease(text, secrets) / 1e6);
  const redactSamples: number[] = [];
  const baselineSamples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Each round swaps which goes first, so neither always pays for the other's garbage.
    const [first, second] =
      run % 2 === 0
        ? [() => text.replace(onePattern, '••••'), () => redactText(text, secrets)]
        : [() => redactText(text, secrets), () => text.replace(onePattern, '••••')];
    const firstTime = timed(first);
    const secondTime = timed(second);
    (run % 2 === 0 ? baselineSamples : redactSamples).push(firstTime);
    (run % 2 === 0 ? redactSamples : baselineSamples).push(secondTime);
  }
  return {
    name,
    value: median(redactSamples),
    unit: 'ms',
    baseline: { name: 'one-pattern-of-all-forms', value: median(baselineSamples) },
    extra: { textMB: (text.length / 1e6).toFixed(1), extraMB },
  };
}

const redact: BenchCase = {
  name: 'redact',
  async run(): Promise<BenchLine[]> {
    return [
      measure(`redact-${EVENTS / 1000}k`, batchText(false), ['demo-password', 'demo-api-key', TOKEN]),
      measure(`redact-${EVENTS / 1000}k-url`, batchText(true), ['demo-password', 'AK_live_Zq9/+Kx==', TOKEN]),
    ];
  },
};
export default redact;
