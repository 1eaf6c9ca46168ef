/**
 * The sandbox feature's node/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './no-sandbox.ts';
export * from './sandbox-address.ts';
export * from './sandbox-forward.ts';
export * from './sandbox-plan.ts';
export * from './sandbox-settings.ts';
