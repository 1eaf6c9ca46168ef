import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { createDispatch, createPushSender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import type { SandboxServer } from '../../../features/sandbox/server/server.ts';
import { createServices } from '../../../app/node/index.ts';
import { starterFiles } from '../../../features/workspace/node/starter.ts';
import type { Envelope } from '../../../base/common/errors.ts';
import type { ChannelName, PushName } from '../../../app/common/ipc.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';

/**
 * The app's services over their IPC channels (as the window calls them), with the starter
 * workspace pointed at a real sandbox open, its History in a real SQLite file: what the Runs
 * view's tests share. Everything is closed and removed when the test ends.
 */

const trusted = { fromAppWindow: true, fromMainFrame: true, url: 'app://eventdesk/index.html' };

export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
}

/** `files` are laid over the starter's (given by path, pointed at the sandbox), in `<folder>/shop`. */
export async function openRunApp(sandbox: SandboxServer, files: (starter: Record<string, string>) => Record<string, string>) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-app-runs-'));
  const root = path.join(folder, 'shop');
  const starter = Object.fromEntries(starterFiles('Shop events').map((file) => [file.path, file.text.replace('http://127.0.0.1:4797', sandbox.url)]));
  await writeFiles(root, { ...starter, ...files(starter) });
  const pushed: { name: PushName; payload: unknown }[] = [];
  const services = await createServices({
    ...nodeServiceDeps(path.join(folder, 'data')),
    push: createPushSender((name, payload) => pushed.push({ name, payload })),
    sandbox: null,
  });
  onTestFinished(async () => {
    await services.close();
    await rm(folder, { recursive: true, force: true });
  });
  const dispatch = createDispatch(createHandlers(services), (url) => url === trusted.url);
  const call = (channel: ChannelName, input?: unknown) => dispatch(channel, input, trusted) as Promise<Envelope<unknown>>;
  const value = async <T>(channel: ChannelName, input?: unknown): Promise<T> => {
    const answer = await call(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as T;
  };
  await services.workspaces.openGiven(root);
  type Listed = { environments: (Record<string, unknown> & { id: string; name: string })[] };
  const { environments } = await value<Listed>('environments:list');
  const idOf = (name: string) => environments.find((environment) => environment.name === name && environment.id.startsWith('workspace-'))!.id;
  /** Sets the workspace environment's API key, its other settings as they are. */
  const setApiKey = async (name: string) => {
    const {
      id,
      embeddedSandbox: _embedded,
      resolvedBaseUrl: _resolved,
      apiKey: _apiKey,
      passwordRemembered: _remembered,
      secretsUnreadable: _unreadable,
      ...settings
    } = environments.find((environment) => environment.id === idOf(name))!;
    await value('environments:update', { id, edit: { settings, apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey } });
  };
  const { username, password } = SANDBOX_DEMO_CREDENTIALS;
  const logIn = (name: string) => value('session:login', { environmentId: idOf(name), username, password, rememberPassword: false });
  return { folder, root, services, pushed, call, value, idOf, setApiKey, logIn };
}
