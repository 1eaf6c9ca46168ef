/**
 * The plans feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './check.ts';
export * from './contract.ts';
export * from './coverage.ts';
export * from './editor-schema.ts';
export * from './import-plan.ts';
export * from './incremental-plan.ts';
export * from './infer.ts';
export * from './linear-regexp.ts';
export * from './plan-diagnostics.ts';
export * from './plan-draft.ts';
export * from './plan-outline.ts';
export * from './plan-problem.ts';
export * from './plan-status.ts';
export * from './plan.ts';
export * from './schema-walk.ts';
export * from './schema-words.ts';
