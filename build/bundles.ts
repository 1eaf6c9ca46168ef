import path from 'node:path';
import { build, type InlineConfig } from 'vite';
import { vitePlugin } from '../forge.config.ts';

interface ForgeVitePluginInternals {
  isProd: boolean;
  configGenerator: { getBuildConfigs(): Promise<InlineConfig[]>; getRendererConfig(): Promise<InlineConfig[]> };
}

export const projectRoot = path.resolve(import.meta.dirname, '..');
export const rendererOutDir = path.join(projectRoot, '.vite', 'renderer', 'main_window');

/**
 * Builds the main, preload and renderer bundles exactly as `electron-forge package` would,
 * through Forge's own Vite plugin, but without packaging, so it needs no Electron binary.
 * Outputs: .vite/build/main.cjs, .vite/build/services-thread.cjs, .vite/build/preload.cjs, .vite/renderer/main_window/.
 */
export async function buildBundles(): Promise<void> {
  vitePlugin.setDirectories(projectRoot);
  // What `electron-forge package` sets; the plugin keeps these members private.
  const plugin = vitePlugin as unknown as ForgeVitePluginInternals;
  plugin.isProd = true;
  const generator = plugin.configGenerator;
  const configs = [...(await generator.getBuildConfigs()), ...(await generator.getRendererConfig())];
  for (const config of configs) {
    await build({ ...config, configFile: false, logLevel: 'warn' });
  }
}
