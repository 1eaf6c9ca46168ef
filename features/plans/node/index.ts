/**
 * The plans feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './load.ts';
export * from './plan-file-text.ts';
export * from './plan-sources.ts';
export * from './plans.ts';
export * from './watch-plan-file.ts';
