import { useHistory } from '../base/data/history-state.ts';
import { elapsedText } from '../base/data/history-format.ts';
import { useUi } from '../base/state/ui.ts';
import type { LiveScenario, LiveStep } from './live-run.ts';
import { STATUS_WORDS, stepLabel, type StatusWord } from './run-words.ts';

export function StatusBadge({ status }: { status: StatusWord }) {
  const { sign, word } = STATUS_WORDS[status];
  return (
    <span className={`run-status ${status}`}>
      {sign && <span aria-hidden>{sign} </span>}
      {word}
    </span>
  );
}

function openSubmission(id: string) {
  useHistory.getState().open(id);
  useUi.getState().show('history');
}

function StepRow({ scenario, step }: { scenario: string; step: LiveStep }) {
  const label = stepLabel(step);
  if (step.status === 'running')
    return (
      <li className="run-step running" aria-busy="true">
        <StatusBadge status="running" />
        <span className="run-step-name">{label}</span>
      </li>
    );
  return (
    <li className={`run-step ${step.status}`}>
      <StatusBadge status={step.status} />
      <span className="run-step-name">{label}</span>
      <span className="run-step-facts muted">
        {elapsedText(step.durationMs)}
        {step.eventsSent > 0 && ` · ${step.eventsAccepted} of ${step.eventsSent} events accepted`}
        {step.environment && ` · ${step.environment}`}
      </span>
      {step.submissionId && (
        <button
          type="button"
          className="small"
          aria-label={`Open submission of ${scenario}, ${label}, in History`}
          onClick={() => openSubmission(step.submissionId!)}
        >
          Open submission
        </button>
      )}
      {step.reason && <p className="run-reason">{step.reason}</p>}
    </li>
  );
}

/** A run's scenarios and, under each, a row per step and data row: live while it goes on, or as kept. */
export function RunSteps({ scenarios }: { scenarios: readonly LiveScenario[] }) {
  if (scenarios.length === 0) return <p className="empty">Starting…</p>;
  return (
    <ul className="run-scenarios">
      {scenarios.map((scenario) => (
        <li key={scenario.file} className="run-scenario">
          <section aria-label={`${scenario.name}: ${STATUS_WORDS[scenario.status].word}`}>
            <h3>
              <StatusBadge status={scenario.status} /> {scenario.name} <span className="muted run-file">{scenario.file}</span>
              {scenario.durationMs !== null && <span className="muted"> · {elapsedText(scenario.durationMs)}</span>}
            </h3>
            {scenario.problem && <p className="run-reason">{scenario.problem}</p>}
            {scenario.steps.length > 0 && (
              <ol className="run-steps" aria-label={`Steps run in ${scenario.name}`}>
                {scenario.steps.map((step) => (
                  <StepRow key={`${step.index}:${step.row ?? ''}`} scenario={scenario.name} step={step} />
                ))}
              </ol>
            )}
          </section>
        </li>
      ))}
    </ul>
  );
}
