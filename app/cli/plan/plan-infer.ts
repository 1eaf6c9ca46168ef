import { INFER_LIMITS, inferPlan, type InferredPlan, type KeyAdviceText } from '../../../features/plans/common/infer.ts';
import { DEFAULT_PLAN_KEY } from '../../../features/plans/common/plan.ts';
import { plural } from '../../../base/common/plural.ts';
import type { CliIo } from '../shared/command.ts';
import { isUsageError, parseFlags, usageText } from '../shared/flags.ts';
import { EVENT_SOURCE_FLAGS, EVENT_SOURCE_USAGE, eventSource } from './plan-events.ts';
import { planNaming, writePlan, writtenTo } from './plan-files.ts';

/** `eventdesk plan infer`: a draft plan from real events, for an analyst to review and save. */

export const PLAN_INFER_USAGE = `Usage: eventdesk plan infer (<file>... | --history [--from DATE] [--to DATE] | --capture [--accepted] [--from DATE] [--to DATE]) [--key FIELD] [--name NAME] [--csv-map MAP] [--out PLAN]

Reads batches (JSON, NDJSON, CSV, HAR or cURL; - for standard input), those sent in a time
range of the history, or the events the sandbox captured, and writes a draft plan of the kinds
of event they hold: each kind's attributes with their JSON types; an enum where an
attribute took at most ${INFER_LIMITS.enumValues} values in at least ${INFER_LIMITS.enumEvents} events; a format (date-time,
email, uuid) or a decimal pattern where every text matched it; required where every event of
the kind carried it; and each kind closed, so an attribute it never carried is reported.
Review it before saving: it says what the events did, not what they must do. When the key names
no kind, or nearly one kind per event (an SDK's per-event token), it says so and proposes the
fields whose values repeat, best first.

  --key FIELD            The event field that names the kind (default: ${DEFAULT_PLAN_KEY}); dots
                         reach inside a field: attributes.screen
  --name NAME            The plan's name (default: Draft plan)
  --csv-map MAP          How a CSV's columns become fields, as for "eventdesk transform":
                         auto or COLUMN=TARGET,...; of several files, for those named .csv or
                         .tsv
${EVENT_SOURCE_USAGE}
  --out PLAN             Where to write the plan (default: standard output)
  -h, --help             Show this help

Exit codes: 0 written, 1 no event named a kind (nothing written), 2 the input or the command
is unusable.
`;

const FLAGS = {
  key: { type: 'string' },
  name: { type: 'string' },
  'csv-map': { type: 'string' },
  ...EVENT_SOURCE_FLAGS,
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The key's advice, and each field proposed as the flag that keys by it. */
function adviceText(advice: KeyAdviceText): string {
  const width = Math.max(0, ...advice.candidates.map((candidate) => candidate.key.length));
  return [
    `eventdesk plan infer: ${advice.message}\n`,
    ...advice.candidates.map((candidate) => `  --key ${candidate.key.padEnd(width)}   ${candidate.description}\n`),
  ].join('');
}

export async function planInferCommand(args: string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
    if (values.help) {
      io.stdout(PLAN_INFER_USAGE);
      return 0;
    }
    const naming = planNaming(values);
    const source = await eventSource(positionals, values);
    let inferred: InferredPlan;
    try {
      inferred = inferPlan(source.events, naming);
    } finally {
      source.close();
    }
    for (const note of [...source.notes, ...inferred.notes]) io.stderr(`eventdesk plan infer: ${note}\n`);
    if (inferred.advice) io.stderr(adviceText(inferred.advice));
    const kinds = Object.keys(inferred.plan.events).length;
    if (kinds === 0) {
      io.stderr(`eventdesk plan infer: no kind of event in the ${source.described(inferred.events)}; nothing written.\n`);
      return 1;
    }
    await writePlan(values.out, inferred.plan, io.stdout);
    io.stderr(`eventdesk plan infer: ${plural(kinds, 'kind')} from ${source.described(inferred.events)}${writtenTo(values.out)}.\n`);
    return 0;
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.stderr(usageText('plan infer', error));
    return 2;
  }
}
