import path from 'node:path';
import { buildBundles } from './bundles.ts';

// An optional folder to build into instead of .vite/ (a test's own).
const outRoot = process.argv[2];
const started = performance.now();
await buildBundles(outRoot === undefined ? undefined : path.resolve(outRoot));
console.log(`Built main, preload and renderer bundles in ${((performance.now() - started) / 1000).toFixed(1)} s`);
