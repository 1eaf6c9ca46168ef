/**
 * The capture feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './capture-events.ts';
export * from './capture-requests.ts';
export * from './capture.ts';
export * from './contract.ts';
export * from './sandbox-request-filter.ts';
