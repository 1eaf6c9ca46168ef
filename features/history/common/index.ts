/**
 * The history feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './chunking.ts';
export * from './contract.ts';
export * from './history.ts';
export * from './step-verdict.ts';
export * from './submission.ts';
