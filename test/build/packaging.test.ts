import { flipFuses, type FuseConfig } from '@electron/fuses';
import { PlatformPackager } from 'app-builder-lib';
import { validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import type { Configuration, TargetConfiguration } from 'electron-builder';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { builderConfig } from '../../build/electron-builder.config.ts';
import { BUILD_FLAVOUR_VARIABLE, buildFlavour, electronFuses } from '../../build/fuses.ts';
import { fuseMismatches } from '../../build/verify-fuses.ts';
import { ICNS_ENTRIES, ICONS_FOLDER, ICO_SIZES, ICON_SOURCE, PNG_SIZES, writeIcons } from '../../build/icons.ts';
import packageJson from '../../package.json' with { type: 'json' };

// Installers cannot be built here (no Electron binary); the release workflow builds them. This
// pins what they are made of: the configuration electron-builder reads, the fuses, the icons.

const root = path.resolve(import.meta.dirname, '../..');
const release = builderConfig('release');

afterEach(() => {
  vi.unstubAllEnvs();
});

function targetNames(targets: string | TargetConfiguration | (string | TargetConfiguration)[] | null | undefined): string[] {
  return [targets ?? []].flat().map((target) => (typeof target === 'string' ? target : target.target));
}

function pngSize(png: Uint8Array): [number, number] {
  const view = Buffer.from(png);
  expect(view.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [view.readUInt32BE(16), view.readUInt32BE(20)];
}

describe('the electron-builder configuration', () => {
  it('passes electron-builder’s own schema check, the first thing `npm run dist` does', async () => {
    await expect(validateConfiguration(release, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration(builderConfig('e2e'), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('is what `npm run dist` hands electron-builder: release, or e2e when EVENTDESK_BUILD_FLAVOUR says so', async () => {
    const configFile = /--config (\S+)/.exec(packageJson.scripts.dist)?.[1];
    expect(configFile, 'npm run dist names its configuration').toBeDefined();
    // Read afresh under each value of the variable, whatever the value of this process's.
    const configUnder = async (flavour: string | undefined): Promise<Configuration> => {
      vi.stubEnv(BUILD_FLAVOUR_VARIABLE, flavour);
      vi.resetModules();
      return ((await import(path.join(root, configFile!))) as { default: Configuration }).default;
    };
    // Functions compare by identity: set the one hook aside (its behaviour has its own test).
    const withoutHook = (config: Configuration) => ({ ...config, beforeBuild: null });
    expect(withoutHook(await configUnder(undefined))).toEqual(withoutHook(release));
    expect(withoutHook(await configUnder('e2e'))).toEqual(withoutHook(builderConfig('e2e')));
  });

  it('builds AppImage and deb on Linux, dmg on macOS, nsis on Windows', () => {
    expect(targetNames(release.linux?.target)).toEqual(['AppImage', 'deb']);
    expect(targetNames(release.mac?.target)).toEqual(['dmg']);
    expect(targetNames(release.win?.target)).toEqual(['nsis']);
  });

  it('names every artifact with the version, and an e2e build as one', () => {
    expect(release.artifactName).toBe('${productName}-${version}-${os}-${arch}.${ext}');
    expect(builderConfig('e2e').artifactName).toBe('${productName}-${version}-e2e-${os}-${arch}.${ext}');
    // No target may name its artifacts differently.
    for (const section of [release.linux, release.mac, release.win, release.nsis, release.dmg, release.deb, release.appImage]) {
      expect((section as { artifactName?: string } | undefined)?.artifactName ?? release.artifactName).toContain('${version}');
    }
  });

  it('packs only the bundles, into an asar, and copies no node_modules (Vite bundled them)', async () => {
    expect(release.files).toEqual(['.vite/build/**', '.vite/renderer/**', 'package.json']);
    // Beside the asar: the service's description for the sandbox; Help's guide is in the renderer's bundle.
    expect(release.extraResources).toEqual([{ from: 'docs/openapi.yaml', to: 'openapi.yaml' }]);
    for (const { from } of release.extraResources as { from: string }[]) expect(existsSync(path.join(root, from)), from).toBe(true);
    expect(release.asar).toBe(true);
    expect(packageJson.main).toBe('.vite/build/main.cjs');
    const beforeBuild = release.beforeBuild as () => Promise<boolean>;
    await expect(beforeBuild()).resolves.toBe(false);
  });

  it('opens .json and .ndjson files from the OS, and lists both types in the Linux desktop entry', () => {
    const associations = release.fileAssociations as { ext: string; mimeType: string }[];
    expect(associations.map(({ ext, mimeType }) => [ext, mimeType])).toEqual([
      ['json', 'application/json'],
      ['ndjson', 'application/x-ndjson'],
    ]);
    // electron-builder writes MimeType= from the associations; an entry of our own would replace it.
    const entry = release.linux?.desktop?.entry ?? {};
    expect(Object.keys(entry)).not.toContain('MimeType');
    expect(Object.keys(entry)).not.toContain('Exec');
    expect(entry.Name).toBe('EventDesk');
    expect(release.linux?.executableName).toBe('eventdesk');
    expect((release.extraMetadata as { desktopName: string }).desktopName).toBe(`${release.linux?.executableName}.desktop`);
  });

  it('signs macOS builds with the hardened runtime and only the entitlement V8 needs', async () => {
    expect(release.mac?.hardenedRuntime).toBe(true);
    expect(release.mac?.entitlements).toBe('build/entitlements.mac.plist');
    expect(release.mac?.entitlementsInherit).toBe('build/entitlements.mac.plist');
    const plist = await readFile(path.join(root, 'build/entitlements.mac.plist'), 'utf8');
    const keys = [...plist.matchAll(/<key>([^<]+)<\/key>\s*<(true|false)\/>/g)].map(([, key, value]) => [key, value]);
    expect(keys).toEqual([['com.apple.security.cs.allow-jit', 'true']]);
  });

  it('points each platform at the icons `npm run icons` renders', () => {
    const resources = path.join(root, release.directories?.buildResources ?? '');
    expect(path.join(resources, release.linux?.icon ?? '')).toBe(path.join(ICONS_FOLDER, 'png'));
    expect(path.join(resources, release.mac?.icon ?? '')).toBe(path.join(ICONS_FOLDER, 'icon.icns'));
    expect(path.join(resources, release.win?.icon ?? '')).toBe(path.join(ICONS_FOLDER, 'icon.ico'));
  });
});

describe('the fuses', () => {
  it('flips every fuse of a release build the safe way', () => {
    expect(release.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
      resetAdHocDarwinSignature: true,
    });
  });

  it('keeps only the inspector that Playwright drives in an e2e build', () => {
    const e2e = builderConfig('e2e').electronFuses;
    expect(e2e).toEqual({ ...electronFuses('release'), enableNodeCliInspectArguments: true });
  });

  it('are what electron-builder flips into a binary, as build/verify-fuses.ts reads them back', async () => {
    // A stand-in for the Electron binary: the fuse wire as Electron 45 ships it (9 fuses).
    const binary = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-fuses-')), 'eventdesk');
    await writeFile(
      binary,
      Buffer.concat([Buffer.alloc(64), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 9]), Buffer.from('101100011'), Buffer.alloc(64)]),
    );
    expect(await fuseMismatches(binary, 'release')).toHaveLength(7);

    // electron-builder's own translation of `electronFuses` (a private method: if it moves, look again).
    const builder = PlatformPackager.prototype as unknown as { generateFuseConfig(fuses: unknown): Promise<FuseConfig> };
    await flipFuses(binary, await builder.generateFuseConfig(release.electronFuses));
    expect(await fuseMismatches(binary, 'release')).toEqual([]);
    expect(await fuseMismatches(binary, 'e2e')).toEqual(['enableNodeCliInspectArguments (EnableNodeCliInspectArguments) is off, should be on']);
  });

  it('takes the flavour from EVENTDESK_BUILD_FLAVOUR and refuses anything else', () => {
    expect(buildFlavour({})).toBe('release');
    expect(buildFlavour({ [BUILD_FLAVOUR_VARIABLE]: 'release' })).toBe('release');
    expect(buildFlavour({ [BUILD_FLAVOUR_VARIABLE]: 'e2e' })).toBe('e2e');
    for (const value of ['', 'E2E', 'debug', 'release ']) {
      expect(() => buildFlavour({ [BUILD_FLAVOUR_VARIABLE]: value })).toThrow(BUILD_FLAVOUR_VARIABLE);
    }
  });
});

describe('the icons, rendered from build/icon.svg', () => {
  it('writes a PNG of every size, an .ico and an .icns whose entries have the sizes they claim', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-icons-'));
    await writeIcons(await readFile(ICON_SOURCE, 'utf8'), folder);

    for (const size of PNG_SIZES) {
      expect(pngSize(await readFile(path.join(folder, 'png', `${size}x${size}.png`)))).toEqual([size, size]);
    }

    const ico = await readFile(path.join(folder, 'icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, ICO_SIZES.length]);
    ICO_SIZES.forEach((size, index) => {
      const entry = 6 + 16 * index;
      expect(ico.readUInt8(entry) || 256).toBe(size);
      const png = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
      expect(pngSize(png)).toEqual([size, size]);
    });

    const icns = await readFile(path.join(folder, 'icon.icns'));
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const seen: [string, number][] = [];
    for (let offset = 8; offset < icns.length; offset += icns.readUInt32BE(offset + 4)) {
      const png = icns.subarray(offset + 8, offset + icns.readUInt32BE(offset + 4));
      seen.push([icns.subarray(offset, offset + 4).toString('latin1'), pngSize(png)[0]]);
    }
    expect(seen).toEqual(ICNS_ENTRIES.map(([type, size]) => [type, size]));
  });
});
