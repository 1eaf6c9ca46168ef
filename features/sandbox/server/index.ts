/**
 * The sandbox feature's server/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './config.ts';
export * from './exchange.ts';
export * from './plan-file.ts';
export * from './port.ts';
export * from './redaction.ts';
export * from './server.ts';
