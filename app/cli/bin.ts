#!/usr/bin/env node
import { dropSqliteWarning } from '../../base/node/sqlite-warning.ts';
import { nodeVersionProblem } from './node-version.ts';

/**
 * The installed command's entry (the package's `eventdesk` bin, built by build/cli/): it checks
 * Node's version before the command line's modules load, since they need a newer Node to load at all.
 */
const problem = nodeVersionProblem(process.versions.node, process.execPath);
if (problem === null) {
  dropSqliteWarning();
  const { main } = await import('./main.ts');
  await main();
} else {
  process.stderr.write(`${problem}\n`);
  process.exitCode = 2;
}
