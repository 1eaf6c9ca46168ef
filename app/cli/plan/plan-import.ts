import { DEFAULT_PLAN_KEY } from '../../../features/plans/common/plan.ts';
import type { PlanImportFormat } from '../../../features/plans/common/plan-draft.ts';
import { plural } from '../../../base/common/plural.ts';
import { PLAN_IMPORTERS } from '../../../features/plans/node/plan-sources.ts';
import type { CliIo } from '../shared/command.ts';
import { UsageError, isUsageError, parseFlags, usageText } from '../shared/flags.ts';
import { planNaming, readPlanSources, writePlan, writtenTo } from './plan-files.ts';

/** `eventdesk plan import`: a plan from what a team already keeps in another tool. */

export const PLAN_IMPORT_USAGE = `Usage: eventdesk plan import <format> <file or folder>... [--key FIELD] [--name NAME] [--out PLAN]

Makes a plan of a tracking plan exported from another tool. Each kind of event keeps its
description; its properties' JSON Schema (draft-04 to 07) becomes its attributes in draft
2020-12, with definitions moved to the plan's $defs. A folder stands for its .json files.

Formats
  json-schema            One JSON Schema per event: files or a folder of them, a file holding
                         a list of them, or Avo's export ({"events": [{"name", "rules"}]}). The
                         kind is the const of the "event" property, else the title, else the
                         file's name
  segment                Segment Protocols: the Public API's answer to
                         GET /tracking-plans/{id}/rules (each page a file); TRACK rules
  rudderstack            RudderStack: the Data Catalog API's tracking plan with its events as
                         ?format=schema gives them; track events

  --key FIELD            The event field that names the kind (default: ${DEFAULT_PLAN_KEY})
  --name NAME            The plan's name (default: the export's, where it has one)
  --out PLAN             Where to write the plan (default: standard output)
  -h, --help             Show this help

Exit codes: 0 written, 2 the files are not that format or the command is unusable.
`;

const FLAGS = {
  key: { type: 'string' },
  name: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function planImportCommand(args: string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
    if (values.help) {
      io.stdout(PLAN_IMPORT_USAGE);
      return 0;
    }
    const [format, ...paths] = positionals;
    const formats = Object.keys(PLAN_IMPORTERS).join(', ');
    if (format === undefined) throw new UsageError(`Name the format to import: ${formats}.`);
    const importer = Object.hasOwn(PLAN_IMPORTERS, format) ? PLAN_IMPORTERS[format as PlanImportFormat] : undefined;
    if (importer === undefined) throw new UsageError(`"${format}" is not a format EventDesk imports; it imports ${formats}.`);
    const naming = planNaming(values);
    const files = await readPlanSources(paths);
    const result = importer(files, naming);
    if (!result.ok) throw new UsageError(result.message);
    for (const note of result.notes) io.stderr(`eventdesk plan import: ${note}\n`);
    await writePlan(values.out, result.plan, io.stdout);
    const kinds = Object.keys(result.plan.events).length;
    io.stderr(`eventdesk plan import: ${plural(kinds, 'kind')} from ${plural(files.length, 'file')}${writtenTo(values.out)}.\n`);
    return 0;
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.stderr(usageText('plan import', error));
    return 2;
  }
}
