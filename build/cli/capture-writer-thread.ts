import { dropSqliteWarning } from '../../base/node/sqlite-warning.ts';

// The package's capture writer: the same module, loaded once node:sqlite's warning is dropped.
dropSqliteWarning();
await import('../../features/capture/node/capture-writer-thread.ts');
