/**
 * The formats feature's common/ modules that the rest of the house may import: import them directly
 * (not this file, which would load them all); a module not named here is the feature's own.
 */

export * from './batch-file.ts';
export * from './csv.ts';
export * from './curl.ts';
export * from './detect.ts';
export * from './file-events.ts';
export * from './har.ts';
export * from './http-request.ts';
export * from './import-result.ts';
export * from './json.ts';
export * from './ndjson.ts';
export * from './shell-words.ts';
