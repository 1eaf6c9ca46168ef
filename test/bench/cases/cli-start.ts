import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { installedCli } from '../installed-cli.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';

const RUNS = 15;

/**
 * How long the installed command line takes to start: `npm run pack:cli`'s tarball installed into
 * an empty folder, each command run as a whole process, beside `node -e 0` run the same way in
 * the same rounds (the figure is their ratio; the issue's goals: --help and --version 5× at
 * most, validate of a one-event file 8×). Also the installed folder's size (goal: 25 MB).
 */
const cliStart: BenchCase = {
  name: 'cli-start',
  async run() {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-cli-'));
    const bin = await installedCli(folder);
    execFileSync(process.execPath, [bin, 'init', 'ws'], { cwd: folder, stdio: 'ignore' });
    const [event] = JSON.parse(await readFile(path.join(folder, 'ws', 'batches', 'purchase.json'), 'utf8')) as unknown[];
    await writeFile(path.join(folder, 'one.json'), JSON.stringify([event], null, 2));

    const commands: Record<string, string[]> = {
      'node -e 0': ['-e', '0'],
      'cli-start-help': [bin, '--help'],
      'cli-start-version': [bin, '--version'],
      'cli-start-validate-one-event': [bin, 'validate', 'one.json'],
    };
    const samples = new Map<string, number[]>(Object.keys(commands).map((name) => [name, []]));
    // Interleaved, so a slow moment of the machine falls on every command alike.
    for (let round = 0; round < RUNS; round++) {
      for (const [name, args] of Object.entries(commands)) {
        const started = performance.now();
        execFileSync(process.execPath, args, { cwd: folder, stdio: 'ignore' });
        samples.get(name)!.push(performance.now() - started);
      }
    }

    let bytes = 0;
    const installed = path.join(folder, 'node_modules');
    for (const entry of await readdir(installed, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) bytes += (await stat(path.join(entry.parentPath, entry.name))).size;

    const baseline = { name: 'node -e 0', value: median(samples.get('node -e 0')!) };
    const lines: BenchLine[] = Object.keys(commands)
      .filter((name) => name !== 'node -e 0')
      .map((name) => ({
        name,
        value: median(samples.get(name)!),
        unit: 'ms',
        baseline,
        extra: { runs: RUNS, slowest: Math.round(Math.max(...samples.get(name)!)) },
      }));
    lines.push({ name: 'cli-installed-size', value: bytes / 1024 / 1024, unit: 'MB', baseline: { name: 'goal', value: 25 } });
    return lines;
  },
};
export default cliStart;
