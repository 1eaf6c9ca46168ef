import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mountSmallDisk } from '../../support/small-disk.ts';
import {
  acceptedTokens,
  batchFile,
  cleanUp,
  eventRequests,
  expectEachOnce,
  numbered,
  runSend,
  sandboxWith,
  tempFolder,
} from '../../support/cli-send-support.ts';

/**
 * The review's case: 20 000 events sent with the history on a 3 MB file system. The batch cannot
 * all be recorded, so none of it is and nothing goes out; the command says why; with room, the
 * half-recorded submission is gone (no resume sends `[]` for events it never held) and the batch
 * goes whole.
 */

const disk = mountSmallDisk(3);
afterEach(cleanUp);
afterAll(() => {
  if (typeof disk !== 'string') disk.unmount();
});

describe.skipIf(typeof disk === 'string')(`eventdesk send with its history on a full disk${typeof disk === 'string' ? ` (skipped: ${disk})` : ''}`, () => {
  it('sends nothing it could not record, says the disk is full, and sends the whole batch once there is room', { timeout: 120_000 }, async () => {
    if (typeof disk === 'string') return;
    // Whole bodies in the traffic (500 events a chunk), to count what was accepted.
    const sandbox = await sandboxWith({ trafficBodyBytes: 1024 * 1024 });
    const file = await batchFile(await tempFolder(), numbered(20_000));
    const data = path.join(disk.folder, 'data');
    const target = ['--base-url', sandbox.url, '--data', data];

    const full = await runSend([file, ...target]);
    expect(full.code).toBe(1);
    expect(full.stderr).toMatch(
      /eventdesk send: The history could not be written: the disk holding it is full\. This batch \([\d.]+ MB\) could not be recorded, so nothing was sent: free about [\d.]+ MB and send it again\./,
    );
    expect(full.stdout).not.toContain('--resume');
    expect(eventRequests(sandbox)).toEqual([]);
    const id = /Send stopped \{"submissionId":"([0-9a-f-]+)"/.exec(full.stderr)?.[1];
    expect(id).toBeDefined();

    disk.resize(64);
    const resumed = await runSend(['--resume', id!, ...target]);
    expect(resumed.code).toBe(1);
    expect(resumed.stderr).toContain(`no submission ${id} is recorded`);
    expect(eventRequests(sandbox)).toEqual([]);

    const again = await runSend([file, ...target, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'ok', eventsAccepted: 20_000 });
    expectEachOnce(acceptedTokens(sandbox), 20_000);
  });
});
