import type { WorkspaceScenario } from '../../features/runs/common/run-schemas.ts';

/** The workspace's scenarios as they stand on disk, each with its steps and a Run; a broken one says why it cannot run. */
export function ScenarioList({ scenarios, busy, onRun }: { scenarios: readonly WorkspaceScenario[]; busy: boolean; onRun: (file: string) => void }) {
  return (
    <ul className="runs-scenario-list">
      {scenarios.map((scenario) => (
        <li key={scenario.file} className={scenario.problem ? 'broken' : undefined}>
          <section aria-label={`Scenario ${scenario.name}`}>
            <div className="runs-scenario-head">
              <h3>{scenario.name}</h3>
              <span className="spacer" />
              <button
                type="button"
                className="small"
                aria-label={`Run ${scenario.name}`}
                disabled={busy || scenario.problem !== null}
                title={scenario.problem ? 'It cannot run until its problem is fixed' : busy ? 'A run is under way' : `Runs ${scenario.file} alone`}
                onClick={() => onRun(scenario.file)}
              >
                Run
              </button>
            </div>
            <p className="muted run-file">
              {scenario.file}
              {scenario.environment && ` · sends to ${scenario.environment}`}
            </p>
            {scenario.problem ? (
              <p className="run-reason" role="note">
                {scenario.problem}
              </p>
            ) : (
              <ol className="runs-scenario-steps" aria-label={`Steps of ${scenario.name}`}>
                {scenario.steps.map((step, index) => (
                  <li key={index}>{step}</li>
                ))}
              </ol>
            )}
          </section>
        </li>
      ))}
    </ul>
  );
}
