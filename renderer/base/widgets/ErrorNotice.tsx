import type { ReactNode } from 'react';
import { AppError } from '../../../base/common/errors.ts';
import { guideSectionFor } from '../guide-sections.ts';
import { useHelp } from '../state/help.ts';

/**
 * Shows an error the way every screen does: a human message, the code, the raw detail on
 * request, the guide's section that mends it when it has one, and what can be done about it
 * here (`children`).
 */
export function ErrorNotice({ error, title, children }: { error: unknown; title: string; children?: ReactNode }) {
  const appError = error instanceof AppError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  const section = appError && guideSectionFor(appError.code);
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
      {section && (
        <button type="button" className="small" onClick={() => useHelp.getState().open(section)}>
          How to fix this
        </button>
      )}
      {children}
    </div>
  );
}
