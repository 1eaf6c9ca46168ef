import { listPackage } from '@electron/asar';

/**
 * `node build/verify-asar.ts <app.asar>`: fails unless a packaged app's archive holds the built
 * bundles (.vite/build/main.cjs, the renderer's page) and no node_modules, which Vite has
 * already bundled in (electron-builder.config.ts's files and beforeBuild say so; this checks
 * what it made). The CI's packaged-app job runs it.
 */

const required = [
  '/.vite/build/main.cjs',
  '/.vite/build/preload.cjs',
  '/.vite/build/services-thread.cjs',
  '/.vite/renderer/main_window/index.html',
  '/package.json',
];

/** What is wrong with an archive's entries (as @electron/asar lists them, from '/'), in words; empty when nothing is. */
export function asarProblems(entries: readonly string[]): string[] {
  const paths = entries.map((entry) => entry.replaceAll('\\', '/'));
  const missing = required.filter((file) => !paths.includes(file)).map((file) => `${file} is missing`);
  const modules = paths.filter((entry) => entry.split('/').includes('node_modules'));
  return [...missing, ...(modules.length > 0 ? [`${modules.length} entries are under node_modules, e.g. ${modules[0]}`] : [])];
}

if (import.meta.main) {
  const archive = process.argv[2];
  if (!archive) {
    console.error('Usage: node build/verify-asar.ts <resources/app.asar of a packaged app>');
    process.exit(2);
  }
  const entries = listPackage(archive, { isPack: false });
  const problems = asarProblems(entries);
  for (const problem of problems) console.error(`app.asar: ${problem}`);
  console.log(
    problems.length === 0
      ? `${archive} holds the bundles (${entries.length} entries) and no node_modules.`
      : `${archive} is not as electron-builder.config.ts means it.`,
  );
  process.exitCode = problems.length === 0 ? 0 : 1;
}
