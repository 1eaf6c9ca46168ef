import { AppError } from '../../shared/errors.ts';

/** Shows an error the way every screen does: a human message, the code, the raw detail on request. */
export function ErrorNotice({ error, title }: { error: unknown; title: string }) {
  const appError = error instanceof AppError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="error-notice" role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
      {appError && <p className="muted">Code: {appError.code}</p>}
      {appError?.detail && (
        <details>
          <summary>Show details</summary>
          <pre>{appError.detail}</pre>
        </details>
      )}
    </div>
  );
}
