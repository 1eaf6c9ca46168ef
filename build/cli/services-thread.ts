import { dropSqliteWarning } from '../../electron/sqlite-warning.ts';

// The package's services thread: the same module, loaded once node:sqlite's warning is dropped.
dropSqliteWarning();
await import('../../electron/host/services-thread.ts');
