import { dropSqliteWarning } from '../../electron/sqlite-warning.ts';

// The package's capture writer: the same module, loaded once node:sqlite's warning is dropped.
dropSqliteWarning();
await import('../../electron/capture/capture-writer-thread.ts');
