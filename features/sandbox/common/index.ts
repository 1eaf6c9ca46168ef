/**
 * The sandbox feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './contract.ts';
export * from './sandbox-forward.ts';
export * from './sandbox-outcome.ts';
export * from './sandbox-port.ts';
export * from './sandbox-snippets.ts';
export * from './sandbox.ts';
