import { useState, type FormEvent } from 'react';
import type { OutputOf } from '../../app/common/ipc.ts';
import { ANY_FREE_PORT, readPort, type SandboxPortStatus } from '../../features/sandbox/common/sandbox-port.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { ConnectionSnippet } from './ConnectionSnippet.tsx';
import { useCopyText } from './copy-text.ts';
import { useSetSandboxPort } from '../base/data/sandbox-queries.ts';

type SandboxView = OutputOf<'sandbox:info'>;

/** One setting an SDK needs, with its Copy button ("Copy API key"). */
function Setting({ label, what, value, testId }: { label: string; what: string; value: string; testId?: string }) {
  const copy = useCopyText();
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>
        <button type="button" className="small" aria-label={`Copy ${what}`} onClick={() => void copy(value, what)}>
          Copy
        </button>
      </dd>
    </>
  );
}

/** Who chose the port, and what Apply does. */
function portHint(port: SandboxPortStatus): string {
  const chosen =
    port.variable !== null
      ? `Set at each start by EVENTDESK_SANDBOX_PORT=${port.variable}${port.variable === 0 ? ' (any free port)' : ''}, before one applied here.`
      : port.source === 'default'
        ? `${port.requested === ANY_FREE_PORT ? 'No port is chosen: it took a free one' : `${port.requested} is the default`}; one applied here is kept for the next start.`
        : 'Kept for the next start.';
  return `${chosen} Apply moves it now: the traffic stays, and Local sandbox follows (log in again).`;
}

function PortForm({ port }: { port: SandboxPortStatus }) {
  const setPort = useSetSandboxPort();
  const [text, setText] = useState(String(port.port));
  const [problem, setProblem] = useState<string | null>(null);

  /** An edit answers the problem shown, whether the field's or the last Apply's: it goes until the next Apply. */
  function edit(value: string) {
    setText(value);
    setProblem(null);
    if (setPort.isError) setPort.reset();
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    const read = readPort(text);
    setProblem(read.ok ? null : read.message);
    if (read.ok) setPort.mutate(read.port);
  }

  return (
    <form className="connection-port" aria-label="Port" onSubmit={apply}>
      <label>
        Port
        <input
          inputMode="numeric"
          value={text}
          onChange={(event) => edit(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby="sandbox-port-hint"
        />
      </label>
      <button type="submit" disabled={setPort.isPending}>
        Apply
      </button>
      <p id="sandbox-port-hint" className="hint">
        {portHint(port)}
      </p>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      {setPort.error && <ErrorNotice title="The sandbox stays where it is" error={setPort.error} />}
    </form>
  );
}

/** What an SDK or a script needs to reach the embedded sandbox, each with its Copy button, its port, and a snippet to paste. */
export function ConnectionPanel({ info }: { info: SandboxView }) {
  return (
    <section className="connection" aria-labelledby="connection-heading">
      <h2 id="connection-heading">Connection</h2>
      {info.port.note && (
        <p className="connection-note" role="status">
          {info.port.note}
        </p>
      )}
      <dl className="connection-settings">
        <Setting label="Base URL" what="base URL" value={info.url} testId="sandbox-url" />
        <Setting label="Username" what="username" value={info.demoUsername} />
        <Setting label="Password" what="password" value={info.demoPassword} />
        <Setting label="API key" what="API key" value={info.demoApiKey} />
      </dl>
      <PortForm key={info.port.port} port={info.port} />
      <ConnectionSnippet
        target={{
          url: info.url,
          username: info.demoUsername,
          password: info.demoPassword,
          apiKey: info.demoApiKey,
          serviceIdField: info.serviceIdField,
          timeZone: info.timeZone,
        }}
      />
    </section>
  );
}
