import { VitePlugin } from '@electron-forge/plugin-vite';
import type { ForgeConfig } from '@electron-forge/shared-types';

// Forge runs the dev loop (`npm start`); electron-builder makes the installers (`npm run dist`).
export const vitePlugin = new VitePlugin({
  build: [
    { entry: 'electron/main.ts', config: 'build/vite.main.config.ts', target: 'main' },
    { entry: 'electron/preload.ts', config: 'build/vite.preload.config.ts', target: 'preload' },
  ],
  renderer: [{ name: 'main_window', config: 'build/vite.renderer.config.ts' }],
});

const config: ForgeConfig = {
  packagerConfig: { asar: true, name: 'EventDesk', executableName: 'eventdesk' },
  plugins: [vitePlugin],
};

export default config;
