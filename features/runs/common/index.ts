/**
 * The runs feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './compare-runs.ts';
export * from './contract.ts';
export * from './engine.ts';
export * from './reports/junit.ts';
export * from './reports/text.ts';
export * from './run-deps.ts';
export * from './run-result.ts';
export * from './run-schemas.ts';
export * from './run-secrets.ts';
