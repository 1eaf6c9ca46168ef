import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { packCli as packInto } from '../../build/cli/pack.ts';

/** `npm run pack:cli`'s tarball, packed into a temporary folder of its own (tests pack in parallel). */
export async function packCli(): Promise<string> {
  return packInto(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-pack-')));
}
