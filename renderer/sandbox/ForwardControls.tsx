import './forward.css';
import { forwardMarginMs, type SandboxForwardStatus } from '../../features/sandbox/common/sandbox-forward.ts';
import { useEnvironments } from '../base/data/environment-queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { useSandboxForwardUpdates, useSetForward } from './forward-queries.ts';
import { formatTime } from '../base/time-format.ts';

const OFF = '';
const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s`;

/** How long the upstream has, and why that is less than the environment's own timeout. */
function timeoutHint(target: NonNullable<SandboxForwardStatus['target']>): string {
  return `It has ${seconds(target.timeoutMs)} to answer: ${target.environmentName}'s request timeout (${seconds(target.requestTimeoutMs)}) less ${seconds(forwardMarginMs(target.requestTimeoutMs))}, so the SDK gets the sandbox's 502 before its own timeout.`;
}

/**
 * The Sandbox tab's "Forward to": off, or one of the environments, whose service then gets every
 * request for the service as the SDK sent it (the Local sandbox is this sandbox: it would loop).
 */
export function ForwardControls({ forward }: { forward: SandboxForwardStatus }) {
  useSandboxForwardUpdates();
  const environments = useEnvironments();
  const setForward = useSetForward();
  const { target, notice, lastFailure } = forward;
  // While a choice is on its way, the list shows it rather than jumping back.
  const chosen = setForward.isPending ? (setForward.variables ?? OFF) : (target?.environmentId ?? OFF);

  return (
    <section className="forward-controls" aria-labelledby="forward-heading">
      <h2 id="forward-heading">Forwarding</h2>
      <label className="forward-choice">
        Forward to
        <select
          value={chosen}
          disabled={setForward.isPending}
          onChange={(change) => setForward.mutate(change.target.value === OFF ? null : change.target.value)}
        >
          <option value={OFF}>Off: answer here</option>
          {(environments.data?.environments ?? []).map((environment) =>
            environment.embeddedSandbox ? (
              <option key={environment.id} value={environment.id} disabled>
                {environment.name} (this sandbox: it would loop)
              </option>
            ) : (
              <option key={environment.id} value={environment.id}>
                {environment.name} · {environment.resolvedBaseUrl}
              </option>
            ),
          )}
        </select>
      </label>
      <p className="forward-status" role="status" data-testid="forward-status">
        {target ? (
          <>
            Forwarding to <code>{target.url}</code> ({target.environmentName})
          </>
        ) : (
          'Off: the sandbox answers every request itself.'
        )}
      </p>
      {notice && (
        <p className="forward-notice" role="alert">
          {notice}
        </p>
      )}
      {target && <p className="hint">Every request but /_sandbox/* goes on to it as sent, and its answer comes back to the SDK. {timeoutHint(target)}</p>}
      <p className="hint">The SDK logs in with its own credentials; EventDesk adds none.</p>
      {lastFailure && (
        <p className="problem" data-testid="forward-failure">
          Last failure, at {formatTime(lastFailure.time)}: {lastFailure.message}
        </p>
      )}
      {setForward.error && <ErrorNotice title="Forwarding stays as it was" error={setForward.error} />}
    </section>
  );
}
