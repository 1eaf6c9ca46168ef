import { execFile } from 'node:child_process';
import { copyFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';
import packageJson from '../../package.json' with { type: 'json' };
import { cliBuildConfig } from './vite.cli.config.ts';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** Where `npm run pack:cli` lays the package out and writes its tarball. */
const outFolder = path.join(projectRoot, 'out', 'cli');

/**
 * The command line as the npm package `eventdesk`: the bundle, the files its commands read at
 * run time (the OpenAPI description the sandbox serves, the plan schema), its README and the
 * licence, and a package.json with no dependencies. The repository's own package.json is the
 * desktop app's (private, with its build tools); this one takes its name, version and engines.
 */
export async function buildCliPackage(packageFolder: string): Promise<void> {
  await rm(packageFolder, { recursive: true, force: true });
  await build(cliBuildConfig(packageFolder));
  const manifest = {
    name: packageJson.name,
    version: packageJson.version,
    description: 'The EventDesk command line: check and send batches of user events, run the reference sandbox, run scenarios with JUnit reports.',
    license: packageJson.license,
    type: 'module',
    bin: { eventdesk: 'lib/eventdesk.js' },
    engines: packageJson.engines,
    files: ['lib', 'openapi.yaml', 'plan.schema.json'],
    keywords: ['events', 'analytics', 'tracking', 'emma', 'junit', 'cli'],
    ...repositoryOf(process.env),
  };
  await writeFile(path.join(packageFolder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const readme = await readFile(path.join(import.meta.dirname, 'README.md'), 'utf8');
  const minimumNode = packageJson.engines.node.replace('>=', '');
  await writeFile(path.join(packageFolder, 'README.md'), readme.replaceAll('@VERSION', `@${packageJson.version}`).replaceAll('NODE_MINIMUM', minimumNode));
  await copyFile(path.join(projectRoot, 'LICENSE'), path.join(packageFolder, 'LICENSE'));
  await copyFile(path.join(projectRoot, 'docs', 'openapi.yaml'), path.join(packageFolder, 'openapi.yaml'));
  await copyFile(path.join(projectRoot, 'docs', 'plan.schema.json'), path.join(packageFolder, 'plan.schema.json'));
}

/**
 * Where the package's source lives, which npm shows and its provenance check requires: the
 * repository a GitHub workflow runs in (the release workflow packs it there). Packed elsewhere
 * the package names none, since this checkout cannot know where it is published from.
 */
export function repositoryOf(variables: Readonly<Record<string, string | undefined>>): { repository?: { type: 'git'; url: string } } {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository } = variables;
  return server && repository ? { repository: { type: 'git', url: `git+${server}/${repository}.git` } } : {};
}

/** Builds the package in `destination`/package and packs it into `destination`; gives the tarball's path. */
export async function packCli(destination = outFolder): Promise<string> {
  const folder = path.join(destination, 'package');
  await buildCliPackage(folder);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const { stdout } = await promisify(execFile)(npm, ['pack', '--json', '--pack-destination', destination], {
    cwd: folder,
    shell: process.platform === 'win32',
  });
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error('npm pack wrote no tarball.');
  return path.join(destination, packed.filename);
}

if (import.meta.filename === process.argv[1]) {
  const tarball = await packCli();
  console.log(tarball);
}
