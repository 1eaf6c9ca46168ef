import { buildBundles } from './bundles.ts';

const started = performance.now();
await buildBundles();
console.log(`Built main, preload and renderer bundles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
