import type { CliIo, Command } from './command.ts';
import { planCheckCommand } from './plan-check.ts';
import { planCoverageCommand } from './plan-coverage.ts';
import { planImportCommand } from './plan-import.ts';
import { planInferCommand } from './plan-infer.ts';

/** `eventdesk plan`: tracking plans from the command line (issue #16), one subcommand a file. */

const subcommands: Record<string, Command> = {
  infer: planInferCommand,
  import: planImportCommand,
  coverage: planCoverageCommand,
  check: planCheckCommand,
};

function help(): string {
  const listed = Object.entries(subcommands).map(([name, command]) => `  ${name.padEnd(12)}${command.summary}`);
  return ['Usage: eventdesk plan <subcommand> [options]', '', 'Subcommands:', ...listed, '', 'Run "eventdesk plan <subcommand> --help" for its flags.', ''].join('\n');
}

export const planCommand: Command = {
  summary: 'Tracking plans: infer a draft, import one, measure coverage, check one',

  async run(args, io: CliIo) {
    const [name, ...rest] = args;
    if (name === '-h' || name === '--help' || name === 'help') {
      io.stdout(help());
      return 0;
    }
    const subcommand = name !== undefined && Object.hasOwn(subcommands, name) ? subcommands[name] : undefined;
    if (!subcommand) {
      const named = name === undefined ? 'Name a subcommand' : `Unknown subcommand "${name}"`;
      io.stderr(`eventdesk plan: ${named}: ${Object.keys(subcommands).join(', ')}. Run "eventdesk plan --help".\n`);
      return 2;
    }
    return subcommand.run(rest, io);
  },
};
