import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import type { DesktopShell } from '../../../base/node/ports.ts';
import type { ThemeSource } from '../../../base/common/appearance.ts';

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };

let services: Services | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

/** The real services and handlers with the OS shell and save dialog replaced, as in the harness. */
async function setUp(options: { shell?: Partial<DesktopShell>; saveAnswer?: string | null } = {}) {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-ipc-app-'));
  const deps = nodeServiceDeps(dataFolder);
  const calls: string[] = [];
  services = await createServices({
    ...deps,
    shell: { ...deps.shell, ...options.shell },
    dialogs: {
      chooseFileToOpen: async () => null,
      chooseFilesToOpen: async () => [],
      chooseFileToSave: async (name) => (calls.push(`save ${name}`), options.saveAnswer ?? null),
    },
    push: createPushSender(() => undefined),
    sandbox: null,
  });
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  return { dataFolder, calls, services, call: (channel: string, input?: unknown) => dispatch(channel, input, trusted) };
}

describe('app:openDataFolder', () => {
  it('hands the data folder to the file manager', async () => {
    const opened: string[] = [];
    const { dataFolder, call } = await setUp({ shell: { openPath: async (folder) => void opened.push(folder) } });
    expect(await call('app:openDataFolder')).toEqual({ ok: true, value: null });
    expect(opened).toEqual([dataFolder]);
  });

  it('says plainly that there is no file manager outside the app', async () => {
    const { dataFolder, call } = await setUp();
    const envelope = await call('app:openDataFolder');
    expect(envelope).toMatchObject({ ok: false, error: { code: 'no-file-manager' } });
    expect(!envelope.ok && envelope.error.message).toContain(dataFolder);
  });
});

describe('app:exportDiagnostics', () => {
  it('writes the zip where the user chose, logs included and masked', async () => {
    const { dataFolder, calls, services: live, call } = await setUp({ saveAnswer: path.join(os.tmpdir(), `eventdesk-diag-${process.pid}-${Date.now()}.zip`) });
    live.log.info('login failed: Authorization: Bearer abc.def.ghi');
    const envelope = await call('app:exportDiagnostics');
    expect(envelope.ok).toBe(true);
    const written = (envelope as { value: { path: string } }).value.path;
    expect(calls).toEqual([expect.stringMatching(/^save eventdesk-diagnostics-.*\.zip$/)]);
    const zip = unzipSync(new Uint8Array(await readFile(written)));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['README.txt', 'app-info.json', 'environments.json', 'logs/eventdesk.log']));
    const log = new TextDecoder().decode(zip['logs/eventdesk.log']);
    expect(log).toContain('Authorization: Bearer ••••');
    expect(log).not.toContain('abc.def.ghi');
    expect(JSON.parse(new TextDecoder().decode(zip['app-info.json'])).app.dataFolder).toBe(dataFolder);
  });

  it('answers null when the user cancels the save dialog', async () => {
    const { call } = await setUp({ saveAnswer: null });
    expect(await call('app:exportDiagnostics')).toEqual({ ok: true, value: null });
  });
});

describe('app:setTheme', () => {
  it('sets the native appearance and tells the menu, once per change', async () => {
    const set: ThemeSource[] = [];
    const { services: live, call } = await setUp({ shell: { setThemeSource: (theme) => void set.push(theme) } });
    const heard: ThemeSource[] = [];
    live.desktop.onThemeChanged((theme) => heard.push(theme));
    expect(await call('app:setTheme', { theme: 'dark' })).toEqual({ ok: true, value: null });
    await call('app:setTheme', { theme: 'dark' });
    await call('app:setTheme', { theme: 'system' });
    expect(set).toEqual(['dark', 'dark', 'system']);
    expect(heard).toEqual(['dark', 'system']);
    expect(live.desktop.theme()).toBe('system');
  });

  it('refuses an appearance it does not know', async () => {
    const { call } = await setUp();
    expect(await call('app:setTheme', { theme: 'sepia' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});

describe('files opened from the OS', () => {
  it('wait for the page, then arrive as pushes; Save writes back to them', async () => {
    const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-ipc-opened-'));
    const pushed: unknown[] = [];
    services = await createServices({
      ...nodeServiceDeps(dataFolder),
      push: createPushSender((push, payload) => pushed.push({ push, payload })),
      sandbox: null,
    });
    const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
    const first = path.join(dataFolder, 'launch.json');
    const second = path.join(dataFolder, 'later.ndjson');
    await writeFile(first, '[{"event": "a"}]');
    await writeFile(second, '{"event": "b"}\n');

    // Launched with a file: the page is not listening yet, so nothing is pushed.
    await services.openedFiles.openFromOs(first);
    expect(pushed).toEqual([]);
    expect(await dispatch('files:takeOpened', undefined, trusted)).toEqual({
      ok: true,
      value: [{ path: first, name: 'launch.json', text: '[{"event": "a"}]' }],
    });
    expect(await dispatch('files:takeOpened', undefined, trusted)).toEqual({ ok: true, value: [] });

    // The page listens now: a second launch's file arrives as a push.
    await services.openedFiles.openFromOs(second);
    expect(pushed).toEqual([{ push: 'files:opened', payload: { path: second, name: 'later.ndjson', text: '{"event": "b"}\n' } }]);

    expect(await dispatch('files:save', { path: first, suggestedName: 'launch.json', text: '[]' }, trusted)).toEqual({ ok: true, value: { path: first } });
    expect(await readFile(first, 'utf8')).toBe('[]');
    expect((await services.files.recent()).map((file) => file.path)).toEqual([first, second]);
  });
});
