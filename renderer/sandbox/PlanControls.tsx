import type { SandboxMode, SandboxPlan } from '../../features/sandbox/common/sandbox.ts';
import { plural } from '../../base/common/plural.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { useChoosePlan, useClearPlan } from '../base/data/sandbox-queries.ts';

/** The file's name, for the row: the whole path is in its tooltip. */
function fileName(file: string): string {
  return file.split(/[\\/]/).at(-1) ?? file;
}

function effect(mode: SandboxMode): string {
  return mode === 'strict'
    ? 'A request whose events break it with an error gets 422, each violation listed with its event; warnings pass. Every violation is marked on its request below.'
    : 'Lenient mode never refuses a request for it; every violation is marked on its request below.';
}

/** The Sandbox tab's "Plan" row: which tracking plan the embedded sandbox checks events against, and the buttons that change it. */
export function PlanControls({ plan, mode }: { plan: SandboxPlan | null; mode: SandboxMode }) {
  const choose = useChoosePlan();
  const clear = useClearPlan();
  const busy = choose.isPending || clear.isPending;
  return (
    <section className="plan-controls" aria-labelledby="plan-heading">
      <h2 id="plan-heading">Tracking plan</h2>
      <div className="plan-row">
        <span className="plan-row-label">Plan</span>
        <span className="plan-in-use" data-testid="sandbox-plan" title={plan?.file}>
          {plan ? (
            <>
              <code>{fileName(plan.file)}</code>
              {plan.label ? ` · ${plan.label}, ${plural(plan.kinds, 'kind')}` : ' · not loaded'}
            </>
          ) : (
            'None: events are checked against the service’s rules only'
          )}
        </span>
      </div>
      <div className="dialog-buttons">
        <button type="button" onClick={() => choose.mutate()} disabled={busy}>
          Choose…
        </button>
        {/* Named apart from the traffic's own Clear button. */}
        <button type="button" aria-label="Clear plan" onClick={() => clear.mutate()} disabled={busy || plan === null}>
          Clear
        </button>
      </div>
      {plan && <p className="hint">{effect(mode)} Editing the file reloads it.</p>}
      {plan?.error && (
        <p className="problem" role="alert">
          {plan.error} {plan.label ? `Events are still checked against ${plan.label}.` : 'No plan applies until it loads.'}
        </p>
      )}
      {plan && plan.problems.length > 0 && (
        <ul className="plan-problems" aria-label="Problems of the plan">
          {plan.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {choose.error && <ErrorNotice title="This file cannot be used as the plan" error={choose.error} />}
      {clear.error && <ErrorNotice title="The plan could not be cleared" error={clear.error} />}
    </section>
  );
}
