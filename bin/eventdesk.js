#!/usr/bin/env node
// The installed command runs the TypeScript sources; Node strips the types (22.18+ by
// default, earlier 22.x with the flag, so re-run there with it).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

if (process.features.typescript) {
  const { main } = await import('../electron/cli.ts');
  await main();
} else {
  const cli = fileURLToPath(new URL('../electron/cli.ts', import.meta.url));
  const flags = ['--experimental-strip-types', '--disable-warning=ExperimentalWarning'];
  const result = spawnSync(process.execPath, [...flags, cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
}
