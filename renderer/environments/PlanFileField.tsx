import { useState } from 'react';
import { usePlanDraft } from '../base/data/plan-draft-state.ts';
import { useApi } from '../base/queries.ts';

/** The name at the end of a path, Windows' or POSIX's. */
function fileName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}

/**
 * The environment's tracking plan: the file's name, Choose… (the OS dialog, through main, so
 * the path is the user's choice), Draft… (a plan inferred from events or imported, saved through
 * main's dialog, then put here) and Clear. The plan applies once the environment is saved.
 */
export function PlanFileField({ file, problem, onChange }: { file: string | null; problem: string | undefined; onChange: (file: string | null) => void }) {
  const api = useApi();
  const [failure, setFailure] = useState<string | null>(null);
  async function choose() {
    setFailure(null);
    try {
      const chosen = await api.plans.choose();
      if (chosen) onChange(chosen.path);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }
  const message = problem ?? failure;
  return (
    <fieldset className="plan-file">
      <legend>Tracking plan</legend>
      <div className="inline">
        <span data-testid="plan-file-name" title={file ?? undefined}>
          {file === null ? 'None' : fileName(file)}
        </span>
        <button type="button" className="small" onClick={() => void choose()}>
          Choose…
        </button>
        <button
          type="button"
          className="small"
          title="Draft a plan from events or another tool’s export, and save it"
          onClick={() => usePlanDraft.getState().open({ use: { to: 'form', choose: onChange } })}
        >
          Draft…
        </button>
        {file !== null && (
          <button type="button" className="small" onClick={() => onChange(null)}>
            Clear
          </button>
        )}
      </div>
      {message ? (
        <p className="problem" id="env-planFile-problem" role="alert">
          {message}
        </p>
      ) : (
        <p className="hint">
          Batches for this environment are checked against it as you type, and Send asks first when they break it. Editing the file reloads it.
        </p>
      )}
    </fieldset>
  );
}
