import path from 'node:path';

/**
 * The files the command line and the test harness read or start at run time, where they are in
 * the source tree. The command-line package's build (build/cli/) puts its own module in this
 * one's place, with the same names, pointing beside its bundle.
 */

/** docs/openapi.yaml, which the sandbox serves as /_sandbox/openapi.json; the app ships its own copy. */
export const OPENAPI_FILE = path.resolve(import.meta.dirname, '..', '..', 'docs', 'openapi.yaml');

/** The services' own thread (the app's is the built .cjs main names). */
export const SERVICES_THREAD_SCRIPT = path.resolve(import.meta.dirname, '..', 'host', 'services-thread.ts');

/** The capture's writer thread (the app's is the built .cjs main names). */
export const CAPTURE_WRITER_SCRIPT = path.resolve(import.meta.dirname, '..', '..', 'features', 'capture', 'node', 'capture-writer-thread.ts');
