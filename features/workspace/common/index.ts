/**
 * The workspace feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './contract.ts';
export * from './duration.ts';
export * from './scenario-file.ts';
export * from './scenario.ts';
export * from './workspace-json.ts';
export * from './workspace-schema.ts';
export * from './workspace.ts';
