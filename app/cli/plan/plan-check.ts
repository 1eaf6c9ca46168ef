import { parseArgs } from 'node:util';
import { AppError } from '../../../base/common/errors.ts';
import { planProblemText } from '../../../features/plans/common/plan-problem.ts';
import { plural } from '../../../base/common/plural.ts';
import { loadPlan, type LoadedPlan } from '../../../features/plans/node/load.ts';
import type { CliIo } from '../shared/command.ts';
import { UsageError, isUsageError, usageText } from '../shared/flags.ts';
import { readUtf8 } from '../shared/read-utf8.ts';
import { printedJson } from '../../../base/common/terminal-text.ts';

/** `eventdesk plan check PLAN`: whether a plan file is a plan, and each of its schemas compiles. */

export const PLAN_CHECK_USAGE = `Usage: eventdesk plan check <plan> [--json]

Checks a tracking plan file (*.plan.json): that it is JSON, that it fits the plan's schema
(docs/plan.schema.json), and that each kind's attributes and fields schemas compile: every
$ref points somewhere, every pattern is a valid regular expression that cannot backtrack
catastrophically. Each problem is named with its kind's key and its JSON path in the file.

  --json                 Print the plan's summary and problems as JSON
  -h, --help             Show this help

Exit codes: 0 the plan is sound (warnings allowed, such as an unknown keyword), 1 it has
errors or is no plan, 2 the file cannot be read or the command was called wrong.
`;

const FLAGS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** "plan shop v3: 12 kinds", the version left out when the plan has none. */
function planTitle(loaded: LoadedPlan): string {
  const { name, version } = loaded.plan;
  return `plan ${name}${version === undefined ? '' : ` v${version}`}: ${plural(loaded.kinds.size, 'kind')}`;
}

function forPeople(file: string, loaded: LoadedPlan): string {
  const errors = loaded.problems.filter((problem) => problem.severity === 'error').length;
  const lines = loaded.problems.map((problem) => `${file}  ${problem.severity.padEnd(7)}  ${planProblemText(problem)}`);
  const problems = loaded.problems.length === 0 ? '' : `; ${plural(errors, 'error')}, ${plural(loaded.problems.length - errors, 'warning')}`;
  return [...lines, `${planTitle(loaded)}${problems}`, ''].join('\n');
}

export async function planCheckCommand(args: string[], io: CliIo): Promise<number> {
  let file: string;
  let json = false;
  let loaded: LoadedPlan;
  try {
    const { values, positionals } = parseArgs({ args, options: FLAGS, strict: true, allowPositionals: true });
    if (values.help) {
      io.stdout(PLAN_CHECK_USAGE);
      return 0;
    }
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'Name the plan file to check.' : `Check one plan at a time; got ${positionals.length}.`);
    file = positionals[0]!;
    json = values.json ?? false;
    loaded = loadPlan(await readUtf8(file), file);
  } catch (error) {
    if (isUsageError(error)) {
      io.stderr(usageText('plan check', error));
      return 2;
    }
    // Not JSON, or not a plan: the answer to "is this plan valid?", so exit 1, not a usage mistake.
    if (!(error instanceof AppError)) throw error;
    if (json) io.stdout(printedJson({ ok: false, error: error.toShape() }));
    else io.stderr(`eventdesk plan check: ${error.message}\n`);
    return 1;
  }
  const failed = loaded.problems.some((problem) => problem.severity === 'error');
  if (json) {
    const { name, version } = loaded.plan;
    io.stdout(printedJson({ ok: !failed, name, ...(version === undefined ? {} : { version }), kinds: loaded.kinds.size, problems: loaded.problems }));
  } else io.stdout(forPeople(file, loaded));
  return failed ? 1 : 0;
}
