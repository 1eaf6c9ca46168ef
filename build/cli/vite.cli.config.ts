import path from 'node:path';
import type { InlineConfig, Plugin } from 'vite';

const projectRoot = path.resolve(import.meta.dirname, '..', '..');
const fromRoot = (file: string) => path.join(projectRoot, file);

/**
 * The package's modules: the command line (its entry checks Node's version first) and the two
 * threads it starts, which Node loads by path, so each is an entry of its own.
 */
export const cliEntries = {
  eventdesk: fromRoot('app/cli/bin.ts'),
  'services-thread': path.join(import.meta.dirname, 'services-thread.ts'),
  'capture-writer-thread': path.join(import.meta.dirname, 'capture-writer-thread.ts'),
};

/**
 * Puts build/cli/runtime-files.ts in the place of app/node/runtime-files.ts, and refuses
 * `electron`: the command line runs under plain Node, where importing it would try to download
 * a binary.
 */
function packageLayout(): Plugin {
  const sourceFiles = fromRoot('app/node/runtime-files.ts');
  return {
    name: 'eventdesk:cli-package-layout',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source === 'electron') throw new Error(`${importer ?? 'The command line'} imports electron, which the command line must never load.`);
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === sourceFiles ? path.join(import.meta.dirname, 'runtime-files.ts') : resolved;
    },
  };
}

/**
 * The command-line package's bundle, into `packageFolder`/lib: ES modules for Node, every
 * dependency inside it and only Node's own modules outside, so the installed package needs
 * nothing else. Each command is a chunk of its own (app/cli/main.ts imports it when it runs), so
 * a command loads what it uses.
 */
export const cliBuildConfig = (packageFolder: string): InlineConfig => ({
  configFile: false,
  root: projectRoot,
  logLevel: 'warn',
  plugins: [packageLayout()],
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: true,
    target: 'node22',
    outDir: path.join(packageFolder, 'lib'),
    emptyOutDir: true,
    minify: true,
    rollupOptions: {
      input: cliEntries,
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
