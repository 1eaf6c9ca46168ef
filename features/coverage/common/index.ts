/**
 * The coverage feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './capture-coverage.ts';
export * from './contract.ts';
export * from './history-coverage.ts';
