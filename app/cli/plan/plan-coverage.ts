import { planCoverage, readCoveragePlan, type KindCount, type PlanCoverage } from '../../../features/plans/common/coverage.ts';
import { plural } from '../../../base/common/plural.ts';
import type { CliIo } from '../shared/command.ts';
import { UsageError, isUsageError, parseFlags, usageText } from '../shared/flags.ts';
import { EVENT_SOURCE_FLAGS, EVENT_SOURCE_USAGE, eventSource } from './plan-events.ts';
import { readUtf8 } from '../shared/read-utf8.ts';
import { printedJson } from '../../../base/common/terminal-text.ts';

/** `eventdesk plan coverage`: which planned kinds a test run's events exercised, for CI. */

export const PLAN_COVERAGE_USAGE = `Usage: eventdesk plan coverage (<file>... | --history [--from DATE] [--to DATE] | --capture [--accepted] [--from DATE] [--to DATE]) --plan PLAN [--csv-map MAP] [--json]

Reads batches (JSON, NDJSON, CSV, HAR or cURL; - for standard input), those sent in a time
range of the history, or the events the sandbox captured (all, or those it accepted, in a time
range of their arrival), and says which kinds the plan names were seen and how often, which
were never seen, and which kinds arrived that the plan does not name. It reads only the plan's
key and kinds: "eventdesk validate --plan" checks the events' attributes.

  --plan PLAN            The plan file
  --csv-map MAP          How a CSV's columns become fields, as for "eventdesk transform":
                         auto or COLUMN=TARGET,...; of several files, for those named .csv or
                         .tsv
${EVENT_SOURCE_USAGE}
  --json                 Print the coverage as JSON
  -h, --help             Show this help

Exit codes: 0 every planned kind was seen, 1 a planned kind was never seen, 2 the input or the
command is unusable.
`;

const FLAGS = {
  plan: { type: 'string' },
  'csv-map': { type: 'string' },
  ...EVENT_SOURCE_FLAGS,
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function counted(kinds: readonly KindCount[]): string[] {
  const width = Math.max(...kinds.map((kind) => kind.key.length));
  return kinds.map((kind) => `    ${kind.key.padEnd(width)}  ${kind.count.toLocaleString('en')}`);
}

/** The coverage as people read it: a heading, then each list under its own line. */
export function coverageText(plan: string, source: string, coverage: PlanCoverage): string {
  const planned = coverage.seen.length + coverage.neverSeen.length;
  const unplannedEvents = coverage.unplanned.reduce((sum, kind) => sum + kind.count, coverage.unplannedUnlisted);
  const lines = [
    `Coverage of ${plan} (kinds by "${coverage.key}") in ${source}:`,
    `  ${coverage.seen.length} of ${plural(planned, 'planned kind')} seen${coverage.seen.length > 0 ? ':' : '.'}`,
    ...counted(coverage.seen),
  ];
  if (coverage.neverSeen.length > 0) lines.push(`  never seen (${coverage.neverSeen.length}):`, ...coverage.neverSeen.map((kind) => `    ${kind}`));
  if (unplannedEvents > 0)
    lines.push(`  unplanned (${plural(coverage.unplanned.length, 'kind')}, ${plural(unplannedEvents, 'event')}):`, ...counted(coverage.unplanned));
  if (coverage.unplannedUnlisted > 0) lines.push(`    and ${plural(coverage.unplannedUnlisted, 'event')} of further unplanned kinds`);
  if (coverage.unkeyed > 0) lines.push(`  ${plural(coverage.unkeyed, 'event')} with no text in "${coverage.key}"`);
  return `${lines.join('\n')}\n`;
}

export async function planCoverageCommand(args: string[], io: CliIo): Promise<number> {
  let coverage: PlanCoverage;
  try {
    const { values, positionals } = parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
    if (values.help) {
      io.stdout(PLAN_COVERAGE_USAGE);
      return 0;
    }
    if (values.plan === undefined) throw new UsageError('--plan: name the plan file whose coverage to measure.');
    if (values.plan === '-' && positionals.includes('-')) throw new UsageError('Standard input (-) can be read once: give the plan or the events as a file.');
    const plan = readCoveragePlan(await readUtf8(values.plan));
    if (!plan.ok) throw new UsageError(`--plan: ${values.plan}: ${plan.message}`);
    const source = await eventSource(positionals, values);
    try {
      coverage = planCoverage(source.events, plan.plan);
    } finally {
      source.close();
    }
    for (const note of source.notes) io.stderr(`eventdesk plan coverage: ${note}\n`);
    io.stdout(values.json ? printedJson(coverage) : coverageText(values.plan, source.described(coverage.events), coverage));
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.stderr(usageText('plan coverage', error));
    return 2;
  }
  return coverage.neverSeen.length > 0 ? 1 : 0;
}
