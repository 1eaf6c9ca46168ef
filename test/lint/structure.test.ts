import madge from 'madge';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryNames, FEATURE_ORDER, RENDERER_ORDER } from '../../build/eslint/layering.js';

/**
 * The shape of the house (docs/architecture.md), read by an outside tool: madge's graph of every
 * import, type-only ones included. No file imports itself round a circle, no folder does, no
 * feature does, no folder holds so many files that it stops being a room, and each feature
 * runtime's entry names exactly the modules the rest of the house uses.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const LAYERED = ['base', 'features', 'app', 'renderer'];
const MAX_CODE_FILES = 30;

let graph: Record<string, string[]>;
let circular: string[][];

beforeAll(async () => {
  const result = await madge(LAYERED, {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: path.join(ROOT, 'tsconfig.json'),
    excludeRegExp: [/\.d\.ts$/],
  });
  graph = result.obj();
  circular = result.circular();
}, 60_000);

/** The circles of a graph of units (Tarjan's strongly connected components of more than one). */
function circlesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, next);
    low.set(unit, next);
    next += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const other of edges.get(unit) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(unit, Math.min(low.get(unit)!, low.get(other)!));
      } else if (onStack.has(other)) low.set(unit, Math.min(low.get(unit)!, index.get(other)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const circle: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      circle.push(member);
    } while (member !== unit);
    if (circle.length > 1) circles.push(circle.sort());
  };
  for (const unit of edges.keys()) if (!index.has(unit)) visit(unit);
  return circles;
}

/** A feature runtime's entry (features/<f>/<runtime>/index.ts) speaks for the folders below it too: what it re-exports from them is not an arrow out. */
function entryReachesBelow(file: string, imported: string): boolean {
  return /^features\/[^/]+\/[^/]+\/index\.ts$/.test(file) && imported.startsWith(`${path.posix.dirname(file)}/`);
}

function unitEdges(unitOf: (file: string) => string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, imports] of Object.entries(graph)) {
    const from = unitOf(file);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const imported of imports) {
      const to = unitOf(imported);
      if (to !== from && !entryReachesBelow(file, imported)) edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** A feature's folder, or the top folder's child for everything else (app/ipc, renderer/history). */
function featureOf(file: string): string {
  const [top, second] = file.split('/');
  return top === 'base' ? 'base' : `${top}/${second?.replace(/\.tsx?$/, '')}`;
}

function codeFileCounts(folder: string, counts: Map<string, number>): Map<string, number> {
  const entries = readdirSync(path.join(ROOT, folder), { withFileTypes: true });
  counts.set(folder, entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')).length);
  for (const entry of entries) if (entry.isDirectory()) codeFileCounts(`${folder}/${entry.name}`, counts);
  return counts;
}

describe('the house', () => {
  it('reads every layered file', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(500);
    expect(Object.keys(graph).some((file) => file.startsWith('renderer/'))).toBe(true);
  });

  it('has no circle of files', () => {
    expect(circular).toEqual([]);
  });

  it('has no circle of folders', () => {
    expect(circlesOf(unitEdges((file) => path.posix.dirname(file)))).toEqual([]);
  });

  it('has no circle of features', () => {
    expect(circlesOf(unitEdges(featureOf))).toEqual([]);
  });

  it(`has no folder of more than ${MAX_CODE_FILES} code files`, () => {
    const crowded = LAYERED.flatMap((top) => [...codeFileCounts(top, new Map())]).filter(([, count]) => count > MAX_CODE_FILES);
    expect(crowded).toEqual([]);
  });

  it('names in each entry exactly the modules used from outside its feature', () => {
    const used = new Map<string, string[]>();
    for (const [file, imports] of Object.entries(graph)) {
      for (const imported of imports) {
        const [, feature, runtime] = /^features\/([^/]+)\/([^/]+)\//.exec(imported) ?? [];
        if (!feature || file.startsWith(`features/${feature}/`)) continue;
        const entry = `features/${feature}/${runtime}/index.ts`;
        used.set(entry, [...new Set([...(used.get(entry) ?? []), imported])].sort());
      }
    }
    const entries = Object.keys(graph).filter((file) => /^features\/[^/]+\/[^/]+\/index\.ts$/.test(file));
    const named = new Map(entries.map((entry) => [entry, [...(entryNames(ROOT, entry) ?? [])].sort()]));
    expect(Object.fromEntries([...named].sort())).toEqual(Object.fromEntries([...used].sort()));
  });

  it('knows the order of every feature, and of every folder of the renderer', () => {
    const folders = (top: string) =>
      readdirSync(path.join(ROOT, top), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort();
    expect(folders('features')).toEqual([...FEATURE_ORDER].sort());
    expect(folders('renderer').filter((name) => name !== 'public')).toEqual([...RENDERER_ORDER].sort());
  });
});
