import { flipFuses } from '@electron/fuses';
import { VitePlugin } from '@electron-forge/plugin-vite';
import type { ForgeConfig, ForgePlatform } from '@electron-forge/shared-types';
import path from 'node:path';
import { buildFlavour, fuseWireConfig } from './build/fuses.ts';

// Forge runs the dev loop (`npm start`); electron-builder makes the installers (`npm run dist`).
export const vitePlugin = new VitePlugin({
  build: [
    { entry: 'app/electron-main/main.ts', config: 'build/vite.main.config.ts', target: 'main' },
    // The services' own thread (app/host/), started by main as a worker.
    { entry: 'app/host/services-thread.ts', config: 'build/vite.main.config.ts', target: 'main' },
    // The capture's writer (features/capture/node/), started by the services' thread as a worker beside it.
    { entry: 'features/capture/node/capture-writer-thread.ts', config: 'build/vite.main.config.ts', target: 'main' },
    { entry: 'app/electron-main/preload.ts', config: 'build/vite.preload.config.ts', target: 'preload' },
  ],
  renderer: [{ name: 'main_window', config: 'build/vite.renderer.config.ts' }],
});

/**
 * The Electron binary of an app being packaged, from the folder its app was just copied to
 * (`…/resources/app`, or `….app/Contents/Resources/app` on macOS). At that point it still has
 * Electron's name; the packager renames it later.
 */
export function electronBinaryOf(buildPath: string, platform: ForgePlatform): string {
  const apple = platform === 'darwin' || platform === 'mas';
  const root = path.resolve(buildPath, '..', '..');
  if (apple) return path.join(root, 'MacOS', 'Electron');
  return path.join(root, platform === 'win32' ? 'electron.exe' : 'electron');
}

const config: ForgeConfig = {
  packagerConfig: { asar: true, name: 'EventDesk', executableName: 'eventdesk' },
  plugins: [vitePlugin],
  hooks: {
    // `electron-forge package`/`make` would otherwise ship Electron's default fuses (RunAsNode on,
    // NODE_OPTIONS obeyed): flip the ones electron-builder flips, from the same build/fuses.ts.
    // Right after the copy, as @electron-forge/plugin-fuses does, so signing comes after it.
    packageAfterCopy: async (_config, buildPath, _electronVersion, platform) => {
      await flipFuses(electronBinaryOf(buildPath, platform), fuseWireConfig(buildFlavour(process.env)));
    },
  },
};

export default config;
