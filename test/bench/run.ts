import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { formatBenchLine, type BenchCase } from './bench.ts';

/** `npm run bench [-- FILTER]`: runs every case whose name contains FILTER. */
const filter = process.argv[2] ?? '';
const casesDir = path.join(import.meta.dirname, 'cases');

const cases: BenchCase[] = [];
for (const file of (await readdir(casesDir)).filter((name) => name.endsWith('.ts')).sort()) {
  const module = (await import(path.join(casesDir, file))) as { default: BenchCase };
  cases.push(module.default);
}

const selected = cases.filter((benchCase) => benchCase.name.includes(filter));
if (selected.length === 0) {
  console.error(`No benchmark matches "${filter}". There are: ${cases.map((benchCase) => benchCase.name).join(', ')}`);
  process.exit(2);
}

for (const benchCase of selected) {
  // Names the case its lines come from, for npm run bench:doc (test/bench/performance-doc.ts).
  console.log(`CASE ${benchCase.name}`);
  for (const line of await benchCase.run()) console.log(formatBenchLine(line));
}
