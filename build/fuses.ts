import { FuseV1Options, FuseVersion, type FuseConfig } from '@electron/fuses';
import type { Configuration } from 'electron-builder';

/**
 * The Electron fuses of every packaged EventDesk, flipped in the binary by electron-builder at
 * package time, just before signing (build/electron-builder.config.ts hands it this object).
 *
 * electron-forge (`electron-forge package`/`make`) flips the same ones through @electron/fuses
 * (forgeFuses, called by forge.config.ts's postPackage hook).
 *
 * Two flavours, picked by EVENTDESK_BUILD_FLAVOUR:
 * - `release` (the default, and what the release workflow ships): no inspector, nothing a
 *   command line or the environment can use to run other code inside the signed app.
 * - `e2e`: the same, except that `--inspect` is obeyed, because Playwright's `_electron.launch`
 *   starts the app with `--inspect=0` and drives it through that inspector. An e2e build is
 *   named so (see artifactName) and is never published.
 */

export type BuildFlavour = 'release' | 'e2e';

type FuseOptions = NonNullable<Configuration['electronFuses']>;

export const BUILD_FLAVOUR_VARIABLE = 'EVENTDESK_BUILD_FLAVOUR';

/** Reads the flavour from the environment; anything but the two names is refused, not guessed. */
export function buildFlavour(env: Readonly<Record<string, string | undefined>>): BuildFlavour {
  const value = env[BUILD_FLAVOUR_VARIABLE] ?? 'release';
  if (value === 'release' || value === 'e2e') return value;
  throw new Error(`${BUILD_FLAVOUR_VARIABLE} must be "release" or "e2e", not "${value}"`);
}

export function electronFuses(flavour: BuildFlavour): FuseOptions {
  return {
    // ELECTRON_RUN_AS_NODE would turn the signed binary into a plain Node.js for any script.
    runAsNode: false,
    enableCookieEncryption: true,
    // NODE_OPTIONS (and NODE_EXTRA_CA_CERTS) would let the environment inject code or trust.
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: flavour === 'e2e',
    enableEmbeddedAsarIntegrityValidation: true,
    onlyLoadAppFromAsar: true,
    // Pages come from app://, never file://, so file:// needs no more than a browser gives it.
    grantFileProtocolExtraPrivileges: false,
    // Flipping a fuse breaks the macOS ad-hoc signature; without a signing identity (a fork's
    // build) the arm64 app would not start, so sign it ad hoc again. Ignored off macOS.
    resetAdHocDarwinSignature: true,
  };
}

/** Where each fuse named in electronFuses sits in the binary's fuse wire. */
export const fuseIndex = {
  runAsNode: FuseV1Options.RunAsNode,
  enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
  enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
  enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
  enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
  onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
  grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
} as const;

/** electronFuses(flavour) in @electron/fuses' terms, for tools that flip fuses themselves. */
export function fuseWireConfig(flavour: BuildFlavour): FuseConfig {
  const fuses = electronFuses(flavour);
  const config: FuseConfig = { version: FuseVersion.V1, resetAdHocDarwinSignature: fuses.resetAdHocDarwinSignature ?? false };
  for (const [name, index] of Object.entries(fuseIndex)) {
    const value = fuses[name as keyof typeof fuseIndex];
    if (value !== undefined) config[index] = value;
  }
  return config;
}
