import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedFile } from '../../../features/documents/common/files.ts';
import { batchFileFromArgv, createOpenedFiles } from '../../../features/documents/node/opened-files.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-argv-'));
  await writeFile(path.join(folder, 'signup.json'), '[]');
  await writeFile(path.join(folder, 'events.NDJSON'), '');
  await writeFile(path.join(folder, 'notes.txt'), '');
  await mkdir(path.join(folder, 'folder.json'));
});

describe('the batch file a launch was given', () => {
  it('is the first existing .json, .ndjson or .jsonl argument, relative to the launch folder', () => {
    expect(batchFileFromArgv(['/opt/EventDesk/eventdesk', 'signup.json'], folder)).toBe(path.join(folder, 'signup.json'));
    expect(batchFileFromArgv(['EventDesk.exe', path.join(folder, 'events.NDJSON'), path.join(folder, 'signup.json')], '/elsewhere')).toBe(
      path.join(folder, 'events.NDJSON'),
    );
  });

  it('skips flags, the executable, the app path, missing files, folders and other files', () => {
    const argv = [
      path.join(folder, 'signup.json'),
      '--allow-file-access-from-files',
      '--original-process-start-time=13300000000000000',
      '.',
      '--inspect=signup.json',
      'missing.json',
      'folder.json',
      'notes.txt',
    ];
    expect(batchFileFromArgv(argv, folder)).toBeNull();
    expect(batchFileFromArgv([...argv, 'signup.json'], folder)).toBe(path.join(folder, 'signup.json'));
  });

  it('is none for a plain launch', () => {
    expect(batchFileFromArgv(['/usr/bin/eventdesk'], folder)).toBeNull();
    expect(batchFileFromArgv([], folder)).toBeNull();
  });
});

describe('files opened from the OS on their way to the page', () => {
  function setUp() {
    const read = (file: string): Promise<OpenedFile> => Promise.resolve({ path: file, name: path.basename(file), text: `text of ${file}` });
    const pushed: string[] = [];
    const opened = createOpenedFiles({ openGiven: read, openRecent: read }, (file) => pushed.push(file.path));
    return { opened, pushed };
  }

  it('wait while the page is not listening, and are taken once', async () => {
    const { opened, pushed } = setUp();
    await opened.openFromOs('/a.json');
    await opened.openRecent('/b.json');
    expect(pushed).toEqual([]);
    expect(opened.take().map((file) => file.path)).toEqual(['/a.json', '/b.json']);
    expect(opened.take()).toEqual([]);
  });

  it('are pushed while the page listens, and wait again after it reloads', async () => {
    const { opened, pushed } = setUp();
    opened.take();
    await opened.openFromOs('/a.json');
    expect(pushed).toEqual(['/a.json']);
    opened.pageGone();
    await opened.openFromOs('/b.json');
    expect(pushed).toEqual(['/a.json']);
    expect(opened.take().map((file) => file.path)).toEqual(['/b.json']);
  });

  it('that cannot be read reach neither the page nor the queue', async () => {
    const pushed: string[] = [];
    const opened = createOpenedFiles({ openGiven: () => Promise.reject(new Error('gone')), openRecent: () => Promise.reject(new Error('gone')) }, (file) =>
      pushed.push(file.path),
    );
    await expect(opened.openFromOs('/gone.json')).rejects.toThrow('gone');
    expect(opened.take()).toEqual([]);
    expect(pushed).toEqual([]);
  });
});
