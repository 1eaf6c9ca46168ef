import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from '../app/cli/main.ts';
import { appDataFolder } from '../app/cli/shared/data-folder.ts';

/**
 * docs/cli.md, written from the usage text the commands themselves print: `eventdesk --help`
 * names the commands, each command's `--help` names its subcommands, and every page is taken
 * as printed, so the reference cannot say what the command does not. Each help's "Exit codes:"
 * paragraph also goes into one table. `npm run docs:cli` writes it; a test fails when the file
 * and the commands differ.
 */

export const CLI_REFERENCE_FILE = path.join(import.meta.dirname, '..', 'docs', 'cli.md');

/** What this computer's data folder reads as in the reference: it differs per user and system. */
const DATA_FOLDER = '<data folder>';

async function helpOf(args: string[]): Promise<string> {
  let printed = '';
  let errors = '';
  const code = await runCli([...args, '--help'], { stdout: (text) => (printed += text), stderr: (text) => (errors += text) });
  if (code !== 0 || printed === '') throw new Error(`eventdesk ${args.join(' ')} --help exited ${code}: ${errors}`);
  return printed.replaceAll(appDataFolder(), DATA_FOLDER).trimEnd();
}

/** The names listed under a help's `heading:` line, each `  name  summary`, up to the next blank line. */
function listedUnder(help: string, heading: string): string[] {
  const lines = help.split('\n');
  const start = lines.indexOf(`${heading}:`);
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^ {2}([a-z][a-z-]*) {2,}/.exec(line);
    if (!match) break;
    names.push(match[1]!);
  }
  return names;
}

/** A help's "Exit codes:" paragraph, on one line. */
function exitCodes(help: string): string | null {
  const match = /(?:^|\n)Exit codes: ([\s\S]*?)(?:\n\n|$)/.exec(help);
  return match ? match[1]!.replace(/\s+/g, ' ').trim() : null;
}

interface Page {
  command: string;
  help: string;
}

function anchor(command: string): string {
  return command.replaceAll(' ', '-');
}

function fenced(text: string): string {
  return ['```text', text, '```'].join('\n');
}

export async function cliReference(): Promise<string> {
  const top = await helpOf([]);
  const pages: Page[] = [];
  for (const name of listedUnder(top, 'Commands')) {
    const help = await helpOf([name]);
    const subcommands = listedUnder(help, 'Subcommands');
    pages.push({ command: `eventdesk ${name}`, help });
    for (const sub of subcommands) pages.push({ command: `eventdesk ${name} ${sub}`, help: await helpOf([name, sub]) });
  }
  const withCodes = pages.flatMap((page) => {
    const codes = exitCodes(page.help);
    return codes === null ? [] : [`| [\`${page.command}\`](#${anchor(page.command)}) | ${codes.replaceAll('|', '\\|')} |`];
  });
  return [
    '# Command reference',
    '',
    "<!-- Written by `npm run docs:cli` from the commands' own --help; a test fails when they differ. Do not edit by hand. -->",
    '',
    'Every page below is what `eventdesk <command> --help` prints. In a checkout, `npm run --silent cli --`',
    'stands for `eventdesk`; elsewhere, `npx eventdesk`. `<data folder>` is where the app keeps its data:',
    '`EVENTDESK_DATA_DIR` when set, else `~/.config/EventDesk` on Linux, `~/Library/Application Support/EventDesk`',
    'on macOS and `%APPDATA%\\EventDesk` on Windows.',
    '',
    ...pages.map((page) => `- [\`${page.command}\`](#${anchor(page.command)})`),
    '',
    '## Exit codes',
    '',
    'Every command exits 2 when it was called wrong (an unknown flag, a missing argument), saying why in one line.',
    '',
    '| command | exit codes |',
    '| --- | --- |',
    ...withCodes,
    '',
    '## eventdesk',
    '',
    fenced(top),
    '',
    ...pages.flatMap((page) => [`${page.command.split(' ').length > 2 ? '###' : '##'} ${page.command}`, '', fenced(page.help), '']),
  ].join('\n');
}

if (import.meta.main) {
  await writeFile(CLI_REFERENCE_FILE, await cliReference());
  console.log(`Wrote ${path.relative(process.cwd(), CLI_REFERENCE_FILE)}`);
}
