import type { Rule } from 'eslint';

/** The features, lowest first (layering.js). */
export const FEATURE_ORDER: readonly string[];
/** The renderer's folders, lowest first (layering.js). */
export const RENDERER_ORDER: readonly string[];
export interface Place {
  area: 'base' | 'feature' | 'app' | 'renderer';
  feature: string;
  rank: number;
  runtime: string;
}
export function placeOf(file: string): Place | null;
export function layeringProblem(from: string, to: string, root?: string): string | null;
/** The modules a feature runtime's entry names, repository-relative; null when there is no entry. */
export function entryNames(root: string, entry: string): Set<string> | null;
export const layeringRule: Rule.RuleModule;
declare const plugin: { rules: { layering: Rule.RuleModule } };
export default plugin;
