import './sandbox.css';
import { ErrorNotice } from '../shell/ErrorNotice.tsx';
import { FaultControls } from './FaultControls.tsx';
import { PlanControls } from './PlanControls.tsx';
import { useClearTraffic, useSandboxFaults, useSandboxInfo, useSandboxPlanUpdates, useSandboxTraffic } from './queries.ts';
import { RequestsView } from './RequestsView.tsx';

/** What the built-in sandbox received, live, the tracking plan it checks events against, and the faults it injects. */
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
          <span className="sandbox-summary">
            <code data-testid="sandbox-url">{info.data.url}</code> · {info.data.mode} · user <code>{info.data.demoUsername}</code> / <code>{info.data.demoPassword}</code> · expires_in in{' '}
            {info.data.timeZone} · {info.data.serviceIdField} · {info.data.plan?.label ? <>plan {info.data.plan.label}</> : 'no plan'}
          </span>
        )}
        <span className="spacer" />
        <button type="button" className="small" onClick={() => info.data && void navigator.clipboard.writeText(info.data.url)} disabled={!info.data}>
          Copy address
        </button>
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
          {info.data && <PlanControls plan={info.data.plan} mode={info.data.mode} />}
          {faults.data && <FaultControls key={JSON.stringify(faults.data)} faults={faults.data} />}
        </aside>
      </div>
    </div>
  );
}
