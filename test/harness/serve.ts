import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rendererOutDir } from '../../build/bundles.ts';
import { portFromVariable } from '../../features/sandbox/common/sandbox-port.ts';
import { startHarness } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5199' },
    data: { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a whole number from 0 to 65535, not "${values.port}"`);
  process.exit(2);
}
if (!existsSync(path.join(rendererOutDir, 'index.html'))) {
  console.error('The renderer is not built. Run `npm run build` first.');
  process.exit(2);
}

let portVariable: number | null;
try {
  // As the app: the variable comes before the port saved in the Sandbox tab.
  portVariable = portFromVariable(process.env.EVENTDESK_SANDBOX_PORT);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const dataFolder = values.data ? path.resolve(values.data) : await mkdtemp(path.join(os.tmpdir(), 'eventdesk-harness-'));
const harness = await startHarness({ port, dataFolder, dialogs: 'page', sandbox: { portVariable } });
const sandbox = await harness.services.sandboxAddress?.view();
console.log(`EventDesk harness at ${harness.url}`);
console.log(`Data folder: ${harness.dataFolder}`);
if (sandbox) console.log(`Sandbox at ${sandbox.url}${sandbox.port.note ? ` (${sandbox.port.note})` : ''}`);
console.log(`Opening or saving a file asks for its path in the page; a relative one is taken from ${process.cwd()}.`);
console.log('Press Ctrl+C to stop.');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void harness.close().then(() => process.exit(0)));
}
