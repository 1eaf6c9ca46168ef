import { formatDateTime } from '../../../shared/datetime.ts';
import { rulesFor, validateBatch } from '../../../shared/validation.ts';
import { median, type BenchCase } from '../bench.ts';

/**
 * validateBatch on 100 000 valid events (about 28 MB of pretty JSON, as the composer holds
 * them) against a bare JSON.parse of the same text, run in turns in the same process. The
 * issue's budget is a ratio of 1.3 at most.
 *
 * Both are timed the same way, so neither pays for the other's garbage: a full collection
 * (node --expose-gc) runs before every timed call, and each round swaps which of the two goes
 * first. Otherwise the garbage of the previous call is collected inside the next one: its
 * scavenges in validateBatch, now and then a full collection in JSON.parse. What a call
 * allocates itself it still pays for.
 */

const EVENTS = 100_000;
const RUNS = 10;
const NOW = new Date('2026-06-01T12:00:00Z');

function batchText(): string {
  const events = Array.from({ length: EVENTS }, (_, index) => ({
    token: `tok_${index.toString(36).padStart(6, '0')}_9f3kq2m8`,
    attributes: { plan: index % 3 ? 'pro' : 'free', spend: `${(index % 997) / 10}`, country: 'DE', campaign: `spring-${index % 40}` },
    created_at: formatDateTime(new Date(NOW.getTime() - index * 60_000), 'Europe/Berlin'),
    svc_id: 1000 + (index % 50),
    device_id: `${(0x10000000 + index).toString(16)}-1d2e-4f3a-8b4c-${(index * 7919).toString(16).padStart(12, '0').slice(-12)}`,
    customer_id: `customer-${index}`,
  }));
  return JSON.stringify(events, null, 2);
}

const validate: BenchCase = {
  name: 'validate',
  async run() {
    const text = batchText();
    const rules = { ...rulesFor({ serviceIdField: 'svc_id', timeZone: 'Europe/Berlin' }), now: NOW };
    const problems = validateBatch(text, rules).diagnostics;
    if (problems.length > 0) throw new Error(`The bench batch should be valid, but: ${problems[0]!.message}`);
    const collect = globalThis.gc;
    if (!collect) throw new Error('The validate bench needs node --expose-gc (npm run bench sets it).');
    const timed = (call: () => unknown): number => {
      collect();
      const started = performance.now();
      call();
      return performance.now() - started;
    };
    const validateSamples: number[] = [];
    const parseSamples: number[] = [];
    const pairedRatios: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      if (run % 2 === 0) {
        parseSamples.push(timed(() => JSON.parse(text)));
        validateSamples.push(timed(() => validateBatch(text, rules)));
      } else {
        validateSamples.push(timed(() => validateBatch(text, rules)));
        parseSamples.push(timed(() => JSON.parse(text)));
      }
      pairedRatios.push(validateSamples[run]! / parseSamples[run]!);
    }
    return [
      {
        name: 'validate-100k',
        value: median(validateSamples),
        unit: 'ms',
        baseline: { name: 'json-parse', value: median(parseSamples) },
        // The median of each round's own ratio: steadier than the ratio of medians when the
        // machine's load drifts, since the two calls of a round run moments apart.
        extra: { 'paired-ratio': median(pairedRatios).toFixed(2), events: EVENTS, megabytes: (text.length / 1e6).toFixed(1) },
      },
    ];
  },
};
export default validate;
