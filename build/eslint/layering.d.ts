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
export function layeringProblem(from: string, to: string): string | null;
export const layeringRule: Rule.RuleModule;
declare const plugin: { rules: { layering: Rule.RuleModule } };
export default plugin;
