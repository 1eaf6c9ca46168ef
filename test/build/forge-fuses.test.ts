import { FuseState, FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import type { ForgeHookFn } from '@electron-forge/shared-types';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_FLAVOUR_VARIABLE } from '../../build/fuses.ts';
import { fuseMismatches } from '../../build/verify-fuses.ts';
import forgeConfig, { electronBinaryOf } from '../../forge.config.ts';

// `electron-forge package`/`make` cannot run here (no Electron binary), so the hook forge calls
// is called directly on a stand-in binary, and the fuses are read back as the release workflow does.

/** A stand-in for the Electron binary of an app being packaged: the fuse wire as Electron 45 ships it (9 fuses). */
async function packagingFolder(): Promise<{ buildPath: string; binary: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-forge-fuses-'));
  const buildPath = path.join(root, 'resources', 'app');
  await mkdir(buildPath, { recursive: true });
  const binary = path.join(root, 'electron');
  await writeFile(
    binary,
    Buffer.concat([Buffer.alloc(64), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 9]), Buffer.from('101100011'), Buffer.alloc(64)]),
  );
  return { buildPath, binary };
}

const afterCopy = forgeConfig.hooks!.packageAfterCopy! as ForgeHookFn<'packageAfterCopy'>;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the fuses electron-forge packages with', () => {
  it('are exactly those of build/fuses.ts for a release build', async () => {
    const { buildPath, binary } = await packagingFolder();
    expect(await fuseMismatches(binary, 'release')).toHaveLength(7);
    await afterCopy(forgeConfig as never, buildPath, '45.4.0', 'linux', 'x64');
    expect(await fuseMismatches(binary, 'release')).toEqual([]);
    // The fuses build/fuses.ts does not name keep Electron's own setting.
    const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, FuseState>;
    expect(wire[FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.WasmTrapHandlers]).toBe(FuseState.ENABLE);
  });

  it('follow EVENTDESK_BUILD_FLAVOUR, as electron-builder does', async () => {
    vi.stubEnv(BUILD_FLAVOUR_VARIABLE, 'e2e');
    const { buildPath, binary } = await packagingFolder();
    await afterCopy(forgeConfig as never, buildPath, '45.4.0', 'linux', 'x64');
    expect(await fuseMismatches(binary, 'e2e')).toEqual([]);
  });

  it.each([
    ['linux', '/out/EventDesk-linux-x64/resources/app', '/out/EventDesk-linux-x64/electron'],
    ['win32', '/out/EventDesk-win32-x64/resources/app', '/out/EventDesk-win32-x64/electron.exe'],
    ['darwin', '/out/EventDesk-darwin-arm64/Electron.app/Contents/Resources/app', '/out/EventDesk-darwin-arm64/Electron.app/Contents/MacOS/Electron'],
    ['mas', '/out/EventDesk-mas-arm64/Electron.app/Contents/Resources/app', '/out/EventDesk-mas-arm64/Electron.app/Contents/MacOS/Electron'],
  ] as const)('find the Electron binary of a %s app from where its app was copied', (platform, buildPath, binary) => {
    expect(electronBinaryOf(buildPath, platform)).toBe(path.resolve(binary));
  });
});
