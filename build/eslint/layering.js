// @ts-check
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The one layering rule (docs/architecture.md): where a file sits decides what it may import.
 * A place is read from the path alone: `base/<runtime>/`, `features/<feature>/<runtime>/`,
 * `app/<part>/` and `renderer/`. Two orders apply to every relative import:
 * - runtimes: `common/` is pure and imports only `common/`; `node/` and `server/` run in Node
 *   and import `common/`, `node/` and `server/`; the renderer imports only `common/`;
 * - features: base < the features in FEATURE_ORDER < app; a file imports its own feature or a
 *   lower one, never a higher one. A feature's `server/` (the sandbox) imports none of its own
 *   feature's `node/` (its services), so it runs on its own;
 * - inside the renderer, its folders in RENDERER_ORDER the same way (App.tsx and main.tsx, at its
 *   top, compose them all).
 * Nothing but the renderer imports the renderer. Each feature runtime's entry,
 * `features/<feature>/<runtime>/index.ts`, names its public modules; code outside the feature
 * imports those modules (not the entry, whose every module Node would load where nothing bundles:
 * tests, threads run from source), and a module the entry does not name is the feature's own.
 */

/** The features, lowest first: each may import those before it. */
export const FEATURE_ORDER = [
  'environments',
  'validation',
  'formats',
  'transforms',
  'history',
  'sending',
  'documents',
  'plans',
  'sandbox',
  'capture',
  'coverage',
  'workspace',
  'runs',
];

/** The renderer's folders, lowest first: its own base (state, data, widgets), then its screens, then the shell that composes them. */
export const RENDERER_ORDER = [
  'styles',
  'base',
  'monaco',
  'compare',
  'environments',
  'session',
  'plans',
  'send',
  'composer',
  'history',
  'replay',
  'sandbox',
  'runs',
  'workspace',
  'help',
  'commands',
  'shell',
];

const RUNTIMES = ['common', 'node', 'server'];

/**
 * @typedef {{ area: 'base' | 'feature' | 'app' | 'renderer', feature: string, rank: number, runtime: string }} Place
 */

/**
 * Where a repository-relative path sits, or null outside the layered folders (build/, test/, root files).
 * @param {string} file
 * @returns {Place | null}
 */
export function placeOf(file) {
  const parts = file.split(/[\\/]/);
  const [top, second, third] = parts;
  if (top === 'renderer') {
    const inFolder = parts.length > 2;
    const index = inFolder ? RENDERER_ORDER.indexOf(second ?? '') : RENDERER_ORDER.length;
    return { area: 'renderer', feature: inFolder ? `renderer/${second}` : 'renderer', rank: index, runtime: 'browser' };
  }
  if (top === 'base' && second && RUNTIMES.includes(second)) return { area: 'base', feature: 'base', rank: 0, runtime: second };
  if (top === 'features' && second && third) {
    const index = FEATURE_ORDER.indexOf(second);
    return { area: 'feature', feature: second, rank: index < 0 ? -1 : index + 1, runtime: third };
  }
  if (top === 'app' && second) return { area: 'app', feature: 'app', rank: FEATURE_ORDER.length + 1, runtime: second === 'common' ? 'common' : 'node' };
  return null;
}

/**
 * Why `from` may not import `to` (both repository-relative), or null when it may.
 * @param {string} from
 * @param {string} to
 * @param {string} [root] the repository, where the entries are read
 * @returns {string | null}
 */
export function layeringProblem(from, to, root = process.cwd()) {
  const source = placeOf(from);
  const target = placeOf(to);
  if (target?.area === 'renderer' && source?.area !== 'renderer') return 'Nothing outside the renderer imports it.';
  if (source?.area === 'renderer' && target?.area === 'renderer') return rendererProblem(source, target);
  if (!source || !target) return null;
  if (source.rank < 0) return `features/${source.feature}/ is not in the feature order (build/eslint/layering.js): place it there.`;
  if (target.rank < 0) return `features/${target.feature}/ is not in the feature order (build/eslint/layering.js): place it there.`;
  if (!RUNTIMES.includes(source.runtime) && source.area !== 'app' && source.area !== 'renderer')
    return `A feature's code sits in common/, node/ or server/, not ${source.runtime}/.`;
  if (target.runtime !== 'common' && (source.runtime === 'common' || source.runtime === 'browser')) {
    return source.runtime === 'common'
      ? 'common/ is pure: it imports only common/.'
      : 'The renderer imports only common/ folders (and talks to the rest through the contract).';
  }
  if (source.area !== 'renderer') {
    if (target.rank > source.rank) return `${describe(source)} is below ${describe(target)} in the feature order: a feature imports only lower ones.`;
    if (source.runtime === 'server' && target.feature === source.feature && target.runtime === 'node')
      return "The sandbox server imports none of its feature's services: it runs on its own.";
  }
  if (target.area === 'feature' && (source.area !== 'feature' || source.feature !== target.feature)) return publicProblem(target, to, root);
  return null;
}

/**
 * Why another feature's `file` may not be imported from outside it, or null when its entry names it.
 * @param {Place} target
 * @param {string} file
 * @param {string} root
 */
function publicProblem(target, file, root) {
  const entry = `features/${target.feature}/${target.runtime}/index.ts`;
  if (file === entry)
    return `Import the module you need, not ${entry}: an entry only names the public modules, and importing it loads them all where nothing bundles.`;
  const named = entryNames(root, entry);
  if (named === null) return `${entry} is missing: a feature runtime that others use names its public modules there.`;
  if (!named.has(file)) return `${file} is not public: ${entry} does not name it (name it there if other features need it).`;
  return null;
}

/** @type {Map<string, { modified: number, names: Set<string> }>} */
const entries = new Map();

/**
 * The modules an entry names (`export * from './x.ts'`), repository-relative; null when there is no entry.
 * @param {string} root
 * @param {string} entry
 * @returns {Set<string> | null}
 */
export function entryNames(root, entry) {
  const file = path.join(root, entry);
  let modified;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const cached = entries.get(file);
  if (cached?.modified === modified) return cached.names;
  const folder = path.posix.dirname(entry);
  const names = new Set([...readFileSync(file, 'utf8').matchAll(/from '(\.\/[^']+)'/g)].map((match) => path.posix.join(folder, match[1] ?? '')));
  entries.set(file, { modified, names });
  return names;
}

/**
 * @param {Place} source
 * @param {Place} target
 * @returns {string | null}
 */
function rendererProblem(source, target) {
  for (const place of [source, target])
    if (place.rank < 0) return `${place.feature}/ is not in the renderer's order (build/eslint/layering.js): place it there.`;
  if (target.rank > source.rank)
    return `${source.feature} is below ${target.feature} in the renderer's order: a screen imports only lower folders (the shell composes them).`;
  return null;
}

/** @param {Place} place */
function describe(place) {
  return place.area === 'feature' ? `features/${place.feature}` : place.area;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layeringRule = {
  meta: { type: 'problem', docs: { description: 'Imports follow the runtime and feature order of docs/architecture.md.' }, schema: [] },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (!placeOf(file)) return {};
    /** @param {any} node */
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec.replace(/[?#].*$/, '')));
      const problem = layeringProblem(file, target, root);
      if (problem) context.report({ node: node.source, message: `${problem} (${spec})` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { layering: layeringRule } };
