import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { MINIMUM_NODE, nodeVersionProblem } from '../../../app/cli/node-version.ts';

const root = path.resolve(import.meta.dirname, '../../..');

describe("the command line's Node check", () => {
  it('takes its minimum from package.json, which .nvmrc and the README say too', async () => {
    expect(packageJson.engines.node).toBe(`>=${MINIMUM_NODE.join('.')}`);
    expect((await readFile(path.join(root, '.nvmrc'), 'utf8')).trim()).toBe(MINIMUM_NODE.join('.'));
    expect(await readFile(path.join(root, 'README.md'), 'utf8')).toContain(`Node.js ${MINIMUM_NODE.join('.')} or newer`);
  });

  it('lets the minimum and anything newer through', () => {
    const [major, minor] = MINIMUM_NODE;
    for (const version of [`${major}.${minor}.0`, `${major}.${minor + 1}.0`, `${major + 1}.0.0`, '24.22.3', '30.1.2'])
      expect(nodeVersionProblem(version, 'node')).toBeNull();
  });

  it('stops an older one with one line naming what it found, where, and what it needs', () => {
    const [major, minor] = MINIMUM_NODE;
    for (const version of [`${major}.${minor - 1}.9`, `${major - 1}.99.0`, '20.20.2', '18.0.0', '']) {
      const problem = nodeVersionProblem(version, '/usr/bin/node');
      expect(problem).toContain(`needs Node.js ${major}.${minor} or newer, and found Node.js ${version} (/usr/bin/node)`);
      expect(problem).not.toContain('\n');
    }
  });
});

describe("node:sqlite's experimental warning", () => {
  it('is dropped, and only it: other warnings still print', async () => {
    const script = [
      `const { dropSqliteWarning } = await import(${JSON.stringify(path.join(root, 'base', 'node', 'sqlite-warning.ts'))});`,
      'dropSqliteWarning();',
      "process.emitWarning('SQLite is an experimental feature and might change at any time', 'ExperimentalWarning');",
      "process.emitWarning('something else', 'ExperimentalWarning');",
    ].join('\n');
    const { stderr } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(stderr).not.toContain('SQLite');
    expect(stderr).toContain('ExperimentalWarning: something else');
  });
});
