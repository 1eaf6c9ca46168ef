import { commandLines, type CliIo, type Command, terminalIo } from '../shared/command.ts';

/** `eventdesk plan`: tracking plans from the command line (issue #16), one subcommand a file. */

const subcommands: Record<string, Command> = {
  infer: { summary: 'Write a draft plan of the kinds of event in batch files', load: async () => (await import('./plan-infer.ts')).planInferCommand },
  import: {
    summary: 'Make a plan of a tracking plan exported from Avo, Segment, RudderStack or JSON Schemas',
    load: async () => (await import('./plan-import.ts')).planImportCommand,
  },
  coverage: {
    summary: 'Say which planned kinds of event batch files cover, and what came unplanned',
    load: async () => (await import('./plan-coverage.ts')).planCoverageCommand,
  },
  check: { summary: 'Check that a plan file is a plan and each of its schemas compiles', load: async () => (await import('./plan-check.ts')).planCheckCommand },
};

function help(): string {
  const listed = commandLines(subcommands);
  return [
    'Usage: eventdesk plan <subcommand> [options]',
    '',
    'Subcommands:',
    ...listed,
    '',
    'Run "eventdesk plan <subcommand> --help" for its flags.',
    '',
  ].join('\n');
}

export async function planCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
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
  return (await subcommand.load())(rest, io);
}
