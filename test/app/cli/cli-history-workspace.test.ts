import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../app/cli/main.ts';
import { workspaceDataFolder } from '../../../features/workspace/node/open-workspace.ts';
import { openSubmissions } from '../../../features/history/node/submissions.ts';

/**
 * `eventdesk history --workspace DIR`: a workspace's sends (the app's while it is open, and
 * `eventdesk run`'s) are in its own history in the data folder; the command reads that one.
 */

async function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['history', ...args], { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/** A workspace with one send recorded in its history, and another in the data folder's own. */
async function setUp() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-cli-history-workspace-'));
  const data = path.join(folder, 'data');
  const root = path.join(folder, 'shop');
  await mkdir(path.join(root, 'batches'), { recursive: true });
  await writeFile(path.join(root, 'eventdesk.json'), '{ "format": "eventdesk.workspace", "version": 1, "name": "Shop" }\n');
  const recorded = (file: string, label: string) => {
    const store = openSubmissions(file);
    try {
      const batch = '[{"token":"t"}]';
      const { id } = store.createSubmission(
        {
          environmentId: 'env',
          environmentName: 'qa',
          environmentColor: '#2563eb',
          baseUrl: 'http://127.0.0.1:9',
          headers: {},
          batch,
          eventCount: 1,
          batchHash: createHash('sha256').update(batch).digest('hex'),
          startedAt: '2026-11-24T10:00:00.000Z',
        },
        [{ firstEvent: 0, eventCount: 1 }],
      );
      store.annotate(id, { label, note: '' });
      store.finish(id, 'failed');
      return id;
    } finally {
      store.close();
    }
  };
  const inWorkspace = recorded(path.join(await workspaceDataFolder(data, root), 'submissions.sqlite'), 'Smoke · step 2');
  const own = recorded(path.join(data, 'submissions.sqlite'), 'by hand');
  return { folder, data, root, inWorkspace, own };
}

describe('eventdesk history --workspace', () => {
  it("lists and shows the workspace's own sends, found from any folder inside it, and not the data folder's", async () => {
    const { data, root, inWorkspace, own } = await setUp();
    const listed = await run('--json', '--workspace', path.join(root, 'batches'), '--data', data);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect((JSON.parse(listed.stdout) as { id: string }[]).map((row) => row.id)).toEqual([inWorkspace]);
    expect((await run('show', inWorkspace, '--workspace', root, '--data', data)).stdout).toContain('Smoke · step 2');
    const plain = await run('--json', '--data', data);
    expect((JSON.parse(plain.stdout) as { id: string }[]).map((row) => row.id)).toEqual([own]);
  });

  it('says when the workspace has no history yet, and when the folder is in no workspace', async () => {
    const { folder, data } = await setUp();
    const fresh = path.join(folder, 'fresh');
    await mkdir(fresh);
    await writeFile(path.join(fresh, 'eventdesk.json'), '{ "format": "eventdesk.workspace", "version": 1, "name": "Fresh" }\n');
    expect(await run('--workspace', fresh, '--data', data)).toMatchObject({ code: 0, stdout: `No history yet for the workspace in ${fresh}.\n` });
    const outside = await run('--workspace', os.tmpdir(), '--data', data);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('is not inside a workspace');
  });
});
