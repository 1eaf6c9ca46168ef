import { dropSqliteWarning } from '../../base/node/sqlite-warning.ts';

// The package's services thread: the same module, loaded once node:sqlite's warning is dropped.
dropSqliteWarning();
await import('../../app/host/services-thread.ts');
