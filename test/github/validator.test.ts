import { validateAction, validateWorkflow, type ValidationState } from '@action-validator/core';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The action and the workflows as GitHub's own schemas take them, checked by action-validator (a
 * tool not ours, built to WebAssembly, offline), and the guide's example workflows with them.
 */

const root = path.resolve(import.meta.dirname, '../..');
const problems = (state: ValidationState) => state.errors.map((error) => `${error.title}: ${error.detail ?? ''} ${'path' in error ? error.path : ''}`.trim());

describe('GitHub Actions files, by action-validator', () => {
  it('accepts action.yml', async () => {
    expect(problems(validateAction(await readFile(path.join(root, 'action.yml'), 'utf8')))).toEqual([]);
  });

  it('accepts every workflow', async () => {
    const folder = path.join(root, '.github', 'workflows');
    const files = (await readdir(folder)).filter((name) => name.endsWith('.yml'));
    expect(files.length).toBeGreaterThan(1);
    for (const file of files)
      expect({ file, problems: problems(validateWorkflow(await readFile(path.join(folder, file), 'utf8'))) }).toEqual({ file, problems: [] });
  });

  it("accepts the guide's example workflows (docs/guide/workspaces.md)", async () => {
    const guide = await readFile(path.join(root, 'docs', 'guide', 'workspaces.md'), 'utf8');
    const workflows = [...guide.matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]!).filter((text) => /^jobs:/m.test(text));
    expect(workflows.length).toBeGreaterThan(0);
    for (const workflow of workflows) expect(problems(validateWorkflow(workflow))).toEqual([]);
  });

  it('refuses what GitHub would refuse, so the checks above can fail', () => {
    expect(problems(validateAction('name: x\ndescription: y\nruns:\n  using: composite\n  stepz: []\n')).length).toBeGreaterThan(0);
    expect(
      problems(validateWorkflow('on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n        whith: {}\n'))
        .length,
    ).toBeGreaterThan(0);
  });
});
