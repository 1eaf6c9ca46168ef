import { formatDateTime } from '../../../shared/datetime.ts';
import { rulesFor, validateBatch } from '../../../shared/validation.ts';
import { median, type BenchCase } from '../bench.ts';

/**
 * validateBatch on 100 000 valid events (about 28 MB of pretty JSON, as the composer holds
 * them) against a bare JSON.parse of the same text, run in turns in the same process. The
 * issue's budget is a ratio of 1.3 at most.
 */

const EVENTS = 100_000;
const RUNS = 9;
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
    const validateSamples: number[] = [];
    const parseSamples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      JSON.parse(text);
      parseSamples.push(performance.now() - started);
      started = performance.now();
      validateBatch(text, rules);
      validateSamples.push(performance.now() - started);
    }
    return [
      {
        name: 'validate-100k',
        value: median(validateSamples),
        unit: 'ms',
        baseline: { name: 'json-parse', value: median(parseSamples) },
        extra: { events: EVENTS, megabytes: (text.length / 1e6).toFixed(1) },
      },
    ];
  },
};
export default validate;
