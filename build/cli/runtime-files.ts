import path from 'node:path';

/**
 * app/node/runtime-files.ts as the command-line package has them: the bundle's modules sit in
 * the package's lib/, the files they read one folder up (build/cli/pack.ts lays them out).
 */

export const OPENAPI_FILE = path.join(import.meta.dirname, '..', 'openapi.yaml');

export const SERVICES_THREAD_SCRIPT = path.join(import.meta.dirname, 'services-thread.js');

export const CAPTURE_WRITER_SCRIPT = path.join(import.meta.dirname, 'capture-writer-thread.js');
