import './sandbox.css';
import { commands, keysLabel } from '../../app/common/commands.ts';
import { isMac, useCommand } from '../base/state/command-registry.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { CaptureCoverage } from './CaptureCoverage.tsx';
import { tabIdOf, ViewSwitch } from '../base/widgets/ViewSwitch.tsx';
import { EventsView } from './events/EventsView.tsx';
import { ConnectionPanel } from './ConnectionPanel.tsx';
import { FaultControls } from './FaultControls.tsx';
import { ForwardControls } from './ForwardControls.tsx';
import { PlanControls } from './PlanControls.tsx';
import { clearDisabledReason } from '../base/data/clear-capture.ts';
import { useCaptureStatus, useClearTraffic, useSandboxFaults, useSandboxInfo, useSandboxPlanUpdates, useSandboxTraffic } from '../base/data/sandbox-queries.ts';
import { RequestsView } from './RequestsView.tsx';
import { useSandboxView, type SandboxView } from './events/sandbox-view.ts';
import { useSettingsPanel } from './settings-panel.ts';

const PANEL = 'sandbox-view';
const VIEWS: readonly (readonly [SandboxView, string])[] = [
  ['requests', 'Requests'],
  ['events', 'Events'],
];

/**
 * What the built-in sandbox received, live, as requests or as captured events; how to reach it,
 * the tracking plan it checks events against, and the faults it injects.
 */
export function SandboxScreen() {
  const info = useSandboxInfo();
  useSandboxPlanUpdates();
  const traffic = useSandboxTraffic();
  const faults = useSandboxFaults();
  const clear = useClearTraffic();
  const cannotClear = clearDisabledReason(useCaptureStatus().data);
  const { view, show, shownRequest } = useSandboxView();
  const { hidden: settingsHidden, toggle: toggleSettings } = useSettingsPanel();
  useCommand('view.sandboxSettings', toggleSettings);

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
        <button
          type="button"
          className="small"
          onClick={() => clear.mutate()}
          disabled={cannotClear !== null || clear.isPending}
          title={cannotClear ?? 'Empties the capture: every request and every event in it'}
        >
          Clear
        </button>
        <button
          type="button"
          className="small"
          aria-expanded={!settingsHidden}
          aria-controls="sandbox-settings"
          onClick={toggleSettings}
          title={`${settingsHidden ? 'Show' : 'Hide'} the connection, forwarding, plan and fault settings (${keysLabel(commands['view.sandboxSettings'].keys!, isMac())})`}
        >
          {settingsHidden ? 'Show settings' : 'Hide settings'}
        </button>
      </div>
      {info.error && <ErrorNotice title="The sandbox is not available" error={info.error} />}
      <div className={settingsHidden ? 'sandbox-body settings-hidden' : 'sandbox-body'}>
        <section className="sandbox-traffic" aria-label="Traffic">
          <div className="sandbox-views">
            <ViewSwitch label="Show" options={VIEWS} value={view} onChange={show} panel={PANEL} small />
          </div>
          <div id={PANEL} role="tabpanel" aria-labelledby={tabIdOf(PANEL, view)} className={view === 'events' ? 'sandbox-events-panel' : undefined}>
            {view === 'events' ? (
              <EventsView />
            ) : (
              <>
                {shownRequest !== null && (
                  <p className="shown-request muted" role="status">
                    {traffic.data?.some((request) => request.id === shownRequest)
                      ? `Captured request #${shownRequest}, opened below, is the one the event came in.`
                      : `Captured request #${shownRequest} is not among the requests listed; eventdesk capture show ${shownRequest} prints it.`}
                  </p>
                )}
                {traffic.error && <ErrorNotice title="Traffic could not be read" error={traffic.error} />}
                {traffic.data && <RequestsView records={traffic.data} />}
              </>
            )}
          </div>
        </section>
        <aside id="sandbox-settings" className="sandbox-side" aria-label="Sandbox settings" hidden={settingsHidden}>
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
