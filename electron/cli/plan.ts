import type { Command } from './command.ts';
import { planCheckCommand } from './plan-check.ts';

/** `eventdesk plan <subcommand>`: tracking plans from the command line. Each subcommand is a function in plan-*.ts. */

const SUBCOMMANDS: Record<string, Command> = {
  check: planCheckCommand,
};

function planUsage(): string {
  const listed = Object.entries(SUBCOMMANDS).map(([name, subcommand]) => `  ${name.padEnd(12)}${subcommand.summary}`);
  return ['Usage: eventdesk plan <subcommand> [options]', '', 'Subcommands:', ...listed, '', 'Run "eventdesk plan <subcommand> --help" for its flags.', ''].join('\n');
}

export const planCommand: Command = {
  summary: 'Tracking plans: "plan check PLAN" checks one',

  async run(args, io) {
    const [first, ...rest] = args;
    if (first === undefined || first === '-h' || first === '--help') {
      io.stdout(planUsage());
      return 0;
    }
    const subcommand = Object.hasOwn(SUBCOMMANDS, first) ? SUBCOMMANDS[first] : undefined;
    if (!subcommand) {
      io.stderr(`eventdesk plan: unknown subcommand "${first}". Run "eventdesk plan --help" for the list.\n`);
      return 2;
    }
    return subcommand.run(rest, io);
  },
};
