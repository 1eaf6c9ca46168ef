import type { OutputOf, PushName } from '../../app/common/ipc.ts';
import { createDispatch, createPushSender, type Sender } from '../../app/ipc/dispatch.ts';
import { createHandlers } from '../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../app/host/node-services.ts';
import { createServices } from '../../app/node/index.ts';
import type { EmbeddedSandboxOptions } from '../../features/sandbox/server/port.ts';

/** The real services in a data folder, called over the IPC contract as the app's own window calls them. */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };

export async function startOverContract(
  dataFolder: string,
  options: { sandbox?: EmbeddedSandboxOptions; onPush?: (name: PushName, payload: unknown) => void } = {},
) {
  const services = await createServices({
    ...nodeServiceDeps(dataFolder),
    push: createPushSender((name, payload) => options.onPush?.(name, payload)),
    sandbox: options.sandbox ?? { port: 0 },
  });
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl, services.knownSecrets);
  const call = (channel: string, input?: unknown) => dispatch(channel, input, trusted);
  /** A call answering the Sandbox tab's view; a refusal throws. */
  const view = async (channel: string, input?: unknown) => {
    const answer = await call(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${JSON.stringify(answer.error)}`);
    return answer.value as OutputOf<'sandbox:info'>;
  };
  return { services, call, view };
}
