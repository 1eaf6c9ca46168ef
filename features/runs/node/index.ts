/**
 * The runs feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './kept-runs.ts';
export * from './run-environments.ts';
export * from './runs.ts';
export * from './step-send.ts';
export * from './step-validation.ts';
export * from './workspace-run.ts';
