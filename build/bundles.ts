import path from 'node:path';
import { build, type InlineConfig } from 'vite';
import { vitePlugin } from '../forge.config.ts';

interface ForgeVitePluginInternals {
  isProd: boolean;
  configGenerator: { getBuildConfigs(): Promise<InlineConfig[]>; getRendererConfig(): Promise<InlineConfig[]> };
}

export const projectRoot = path.resolve(import.meta.dirname, '..');
const defaultOutRoot = path.join(projectRoot, '.vite');
export const rendererOutDir = path.join(defaultOutRoot, 'renderer', 'main_window');

/**
 * Builds the main, preload and renderer bundles exactly as `electron-forge package` would,
 * through Forge's own Vite plugin, but without packaging, so it needs no Electron binary.
 * Outputs: .vite/build/main.cjs, .vite/build/services-thread.cjs, .vite/build/preload.cjs, .vite/renderer/main_window/.
 * `outRoot` puts that tree elsewhere, for a test that must not race whatever else uses .vite/.
 */
export async function buildBundles(outRoot = defaultOutRoot): Promise<void> {
  vitePlugin.setDirectories(projectRoot);
  // What `electron-forge package` sets; the plugin keeps these members private.
  const plugin = vitePlugin as unknown as ForgeVitePluginInternals;
  plugin.isProd = true;
  const generator = plugin.configGenerator;
  const configs = [...(await generator.getBuildConfigs()), ...(await generator.getRendererConfig())];
  for (const config of configs) {
    // Forge names main's folder relative to the project, the renderer's absolutely.
    const outDir = path.resolve(config.root ?? projectRoot, config.build?.outDir ?? '');
    const movedOutDir = path.join(outRoot, path.relative(defaultOutRoot, outDir));
    await build({ ...config, build: { ...config.build, outDir: movedOutDir }, configFile: false, logLevel: 'warn' });
  }
}
