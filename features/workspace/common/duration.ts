/** A wait step's duration (`500ms`, `2s`, `1m`, `1.5s`), as scenario files write it. */

/** A wait longer than this is a mistake in a scenario, not a test: a run would seem to hang. */
const MAX_WAIT_MS = 10 * 60 * 1000;

const UNIT_MS = { ms: 1, s: 1000, m: 60_000 } as const;

export type DurationReading = { ok: true; ms: number } | { ok: false; message: string };

export function parseDuration(text: string): DurationReading {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(text);
  if (!match) return { ok: false, message: `"${text}" is not a duration: write a number and a unit, such as 500ms, 2s or 1m.` };
  const ms = Math.round(Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS]);
  if (ms > MAX_WAIT_MS) return { ok: false, message: `"${text}" is longer than the 10 minutes a wait may last.` };
  return { ok: true, ms };
}
