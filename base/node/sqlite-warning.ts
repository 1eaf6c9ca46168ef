/**
 * Node 22 calls node:sqlite experimental, and says so on standard error the first time a thread
 * loads it. Nothing a user of the command line can act on, and its output is its own: each
 * thread that opens a database drops that warning, and only it, before it loads node:sqlite.
 */
export function dropSqliteWarning(): void {
  const emitWarning = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (!text.startsWith('SQLite is an experimental feature')) emitWarning(warning, ...rest);
  }) as typeof process.emitWarning;
}
