/**
 * The workspace feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './files.ts';
export * from './open-workspace.ts';
export * from './paths.ts';
export * from './scan.ts';
export * from './starter.ts';
export * from './workspace-environments.ts';
export * from './workspace-opening.ts';
