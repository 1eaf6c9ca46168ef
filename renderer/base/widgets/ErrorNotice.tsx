import type { ReactNode } from 'react';
import { AppError } from '../../../base/common/errors.ts';

/** Shows an error the way every screen does: a human message, the code, the raw detail on request, and what can be done about it (`children`). */
export function ErrorNotice({ error, title, children }: { error: unknown; title: string; children?: ReactNode }) {
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
      {children}
    </div>
  );
}
