import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTrafficLog } from '../../../features/sandbox/server/traffic-log.ts';
import type { SandboxRequestRecord } from '../../../features/sandbox/common/sandbox.ts';

describe("the sandbox's --log file", () => {
  it('writes what a client sent as the same JSON, with nothing a terminal acts on left raw', async () => {
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-traffic-log-')), 'traffic.ndjson');
    const log = await openTrafficLog(file);
    // OSC 52 (writes the clipboard), a C1 CSI, DEL and a right-to-left override, as a hostile client sends them.
    const hostile = '\u001b]52;c;aGk=\u0007 \u009b2J \u007f \u202eevil';
    const record = { id: 1, method: 'POST', path: `/user/events?note=${hostile}`, body: { text: hostile } } as unknown as SandboxRequestRecord;
    log.write(record);
    await log.close();
    const written = await readFile(file, 'utf8');
    // eslint-disable-next-line no-control-regex -- the characters a terminal acts on
    expect(written.trimEnd()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(JSON.parse(written)).toEqual(record);
  });
});
