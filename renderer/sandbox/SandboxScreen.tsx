import './sandbox.css';
import { ErrorNotice } from '../shell/ErrorNotice.tsx';
import { CaptureCoverage } from './CaptureCoverage.tsx';
import { ConnectionPanel } from './ConnectionPanel.tsx';
import { FaultControls } from './FaultControls.tsx';
import { ForwardControls } from './ForwardControls.tsx';
import { PlanControls } from './PlanControls.tsx';
import { useClearTraffic, useSandboxFaults, useSandboxInfo, useSandboxPlanUpdates, useSandboxTraffic } from './queries.ts';
import { RequestsView } from './RequestsView.tsx';

/** What the built-in sandbox received, live, how to reach it, the tracking plan it checks events against, and the faults it injects. */
export function SandboxScreen() {
  const info = useSandboxInfo();
  useSandboxPlanUpdates();
  const traffic = useSandboxTraffic();
  const faults = useSandboxFaults();
  const clear = useClearTraffic();

  return (
    <div className="sandbox-screen">
      <div className="pane-header">
        <h1 id="sandbox-heading">Sandbox</h1>
        {info.data && (
          <ul className="sandbox-summary" aria-label="How the sandbox checks requests">
            <li>{info.data.mode} mode</li>
            <li>
              service id in <code>{info.data.serviceIdField}</code>
            </li>
            <li>date-times in {info.data.timeZone}</li>
            <li>{info.data.plan?.label ? `plan ${info.data.plan.label}` : 'no plan'}</li>
          </ul>
        )}
        <span className="spacer" />
        <button type="button" className="small" onClick={() => clear.mutate()} disabled={!traffic.data?.length}>
          Clear
        </button>
      </div>
      {info.error && <ErrorNotice title="The sandbox is not available" error={info.error} />}
      <div className="sandbox-body">
        <section className="sandbox-traffic" aria-label="Traffic">
          {traffic.error && <ErrorNotice title="Traffic could not be read" error={traffic.error} />}
          {traffic.data && <RequestsView records={traffic.data} />}
        </section>
        <aside className="sandbox-side" aria-label="Sandbox settings">
          {info.data && <ConnectionPanel info={info.data} />}
          {info.data && <ForwardControls forward={info.data.forward} />}
          {info.data && <PlanControls plan={info.data.plan} mode={info.data.mode} />}
          {info.data && <CaptureCoverage />}
          {faults.data && <FaultControls key={JSON.stringify(faults.data)} faults={faults.data} />}
        </aside>
      </div>
    </div>
  );
}
