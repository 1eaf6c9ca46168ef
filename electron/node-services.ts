import { createServices } from './services/index.ts';
import { describeSecretStorage } from './services/secret-storage.ts';
import { product } from './product.ts';

/**
 * The services outside Electron (the command line and the test harness). There is no OS key
 * store here, so the secret storage reports "none" and nothing secret is written to disk.
 */
export function createNodeServices(dataFolder: string) {
  return createServices({
    appInfo: {
      ...product,
      platform: process.platform,
      arch: process.arch,
      runtime: { electron: null, chrome: null, node: process.versions.node },
      dataFolder,
      secretStorage: () => describeSecretStorage(process.platform, false, null),
    },
  });
}
