import { buildBundles } from '../../../build/bundles.ts';

// Every e2e test drives the real built bundles, never a dev server.
export default async function globalSetup(): Promise<void> {
  await buildBundles();
}
