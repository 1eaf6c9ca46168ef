import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSandboxSettings, SANDBOX_SETTINGS_FILE } from '../../../features/sandbox/node/sandbox-settings.ts';

/** sandbox-settings.json, which the Sandbox tab's plan, port and forwarding share: a real file in a temporary folder. */

let dataFolder: string;
let file: string;
beforeEach(async () => {
  dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sandbox-settings-'));
  file = path.join(dataFolder, SANDBOX_SETTINGS_FILE);
});

const onDisk = async () => JSON.parse(await readFile(file, 'utf8')) as unknown;

describe("the sandbox's settings file", () => {
  it('reads as nothing saved when missing, unreadable or not an object', async () => {
    expect(await createSandboxSettings(dataFolder).read()).toEqual({ planFile: null, port: null, forward: null });
    for (const text of ['{"planFile": ', '[4811]', '"port"']) {
      await writeFile(file, text);
      expect(await createSandboxSettings(dataFolder).read()).toEqual({ planFile: null, port: null, forward: null });
    }
  });

  it('keeps the plan when the port is saved, and the port when the plan is', async () => {
    const settings = createSandboxSettings(dataFolder);
    await settings.update({ planFile: '/plans/shop.plan.json' });
    await settings.update({ port: 4811 });
    expect(await onDisk()).toEqual({ planFile: '/plans/shop.plan.json', port: 4811, forward: null });
    await settings.update({ planFile: null });
    expect(await onDisk()).toEqual({ planFile: null, port: 4811, forward: null });

    // The next start reads both, and changes one without losing the other.
    const again = createSandboxSettings(dataFolder);
    expect(await again.read()).toEqual({ planFile: null, port: 4811, forward: null });
    await again.update({ planFile: '/plans/other.plan.json' });
    expect(await onDisk()).toEqual({ planFile: '/plans/other.plan.json', port: 4811, forward: null });
  });

  it('lands changes asked for together, in order, each keeping the others', async () => {
    await writeFile(file, JSON.stringify({ planFile: '/plans/shop.plan.json' }));
    const settings = createSandboxSettings(dataFolder);
    await Promise.all([settings.update({ port: 4811 }), settings.update({ planFile: null }), settings.update({ port: 4812 })]);
    expect(await onDisk()).toEqual({ planFile: null, port: 4812, forward: null });
  });

  it('reads each setting on its own: a bad port is no port, and the plan stands; a key it does not know is kept', async () => {
    await writeFile(file, JSON.stringify({ planFile: '/plans/shop.plan.json', port: 80, capture: { days: 7 } }));
    const settings = createSandboxSettings(dataFolder);
    expect(await settings.read()).toEqual({ planFile: '/plans/shop.plan.json', port: null, forward: null });
    await settings.update({ port: 4811 });
    expect(await onDisk()).toEqual({ planFile: '/plans/shop.plan.json', port: 4811, forward: null, capture: { days: 7 } });
  });

  it('keeps the environment forwarded to by its id beside the rest; a value that is no such choice reads as none', async () => {
    const settings = createSandboxSettings(dataFolder);
    await settings.update({ port: 4811 });
    await settings.update({ forward: { environmentId: 'staging-id' } });
    expect(await onDisk()).toEqual({ planFile: null, port: 4811, forward: { environmentId: 'staging-id' } });
    expect(await createSandboxSettings(dataFolder).read()).toEqual({ planFile: null, port: 4811, forward: { environmentId: 'staging-id' } });
    for (const forward of ['https://staging.example.com', { environmentId: '' }, { environmentId: 'a', url: 'https://x' }]) {
      await writeFile(file, JSON.stringify({ port: 4811, forward }));
      expect(await createSandboxSettings(dataFolder).read()).toEqual({ planFile: null, port: 4811, forward: null });
    }
  });
});
