// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pseudonymsWithKey } from '../../../features/transforms/node/pseudonyms.ts';
import { createBridge } from '../../../app/common/bridge.ts';
import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import { AppError, type Envelope } from '../../../base/common/errors.ts';
import type { ChannelName } from '../../../app/common/ipc.ts';
import type { SubmissionSummary, SubmissionView } from '../../../features/history/common/submission.ts';
import { createApi } from '../../../renderer/base/api.ts';
import { useHistory } from '../../../renderer/base/data/history-state.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { ReplayHost } from '../../../renderer/replay/ReplayHost.tsx';
import { useReplay } from '../../../renderer/base/data/replay-store.ts';
import { useSendState } from '../../../renderer/base/data/send-state.ts';
import { QuestionDialog } from '../../../renderer/base/widgets/QuestionDialog.tsx';
import { batchText } from '../../../renderer/base/state/batch-text.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { useNotices, useUi } from '../../../renderer/base/state/ui.ts';
import { validEvent } from '../../fixtures/events.ts';
import { stubBrowser } from '../app-harness.tsx';

// The composer's workers answering in process with their real code, a turn later as a worker would: jsdom has no workers.
vi.mock('../../../renderer/composer/transform/transform.worker.ts?worker', async () => {
  const transforms = await import('../../../features/transforms/common/transforms.ts');
  const { createTransformResponder } = await import('../../../renderer/composer/transform/transform-protocol.ts');
  return {
    default: class InProcessWorker {
      onmessage: ((message: MessageEvent) => void) | null = null;
      private respond = createTransformResponder(transforms);
      postMessage(request: Parameters<typeof this.respond>[0]) {
        setTimeout(() => this.onmessage?.({ data: this.respond(request) } as MessageEvent));
      }
      terminate() {}
    },
  };
});
vi.mock('../../../renderer/composer/checks/validation.worker.ts?worker', async () => {
  const { createValidationResponder } = await import('../../../renderer/composer/checks/validation-protocol.ts');
  return {
    default: class InProcessWorker {
      onmessage: ((message: MessageEvent) => void) | null = null;
      private respond = createValidationResponder();
      postMessage(request: Parameters<typeof this.respond>[0]) {
        void this.respond(request).then((answer) => this.onmessage?.({ data: answer } as MessageEvent));
      }
      terminate() {}
    },
  };
});

const environment = (id: string, name: string, overrides: Partial<EnvironmentView> = {}): EnvironmentView => ({
  ...DEFAULT_SETTINGS,
  id,
  name,
  baseUrl: `https://${id}.example.com`,
  embeddedSandbox: false,
  resolvedBaseUrl: `https://${id}.example.com`,
  apiKey: { set: true, hint: '••••6789' },
  passwordRemembered: false,
  secretsUnreadable: false,
  ...overrides,
});
const sandbox = environment('local-sandbox', 'Local sandbox', { embeddedSandbox: true });
const staging = environment('staging', 'Staging', { timeZone: 'Europe/Berlin' });
const production = environment('production', 'Production', { production: true });

/** Two of customer c-42's events and one of c-7, as the sandbox captured them: ten and two and a half minutes apart. */
const captured = [
  validEvent({ token: 'evt-1', customer_id: 'c-42', created_at: '2026-11-20 10:00:00', attributes: { note: 'wrote from ann@acme.io' } }),
  validEvent({ token: 'evt-2', customer_id: 'c-7', created_at: '2026-11-20 10:10:00', attributes: { note: 'no contact' } }),
  validEvent({ token: 'evt-3', customer_id: 'c-42', created_at: '2026-11-20 10:07:30', attributes: { note: 'again ann@acme.io' } }),
];
const NOW = new Date('2026-11-24T09:00:00.000Z');
const pseudonyms = pseudonymsWithKey(new Uint8Array(32).fill(7));

const summary: SubmissionSummary = {
  id: 'sub-1',
  environmentId: 'staging',
  environmentName: 'Staging',
  environmentColor: '#888',
  baseUrl: 'https://staging.example.com',
  headers: {},
  eventCount: 3,
  batchHash: 'hash',
  startedAt: NOW.toISOString(),
  finishedAt: null,
  sendingMs: 0,
  status: 'sending',
  label: 'Replay of 3 captured events (customer_id = c-42)',
  note: '',
  pseudonymizedFrom: [],
};
const done: SubmissionView = {
  ...summary,
  finishedAt: NOW.toISOString(),
  sendingMs: 120,
  status: 'ok',
  chunks: [
    {
      firstEvent: 0,
      eventCount: 3,
      status: 'ok',
      statusCode: 200,
      responseHeaders: {},
      responseBody: '{"accepted":3}',
      responseTruncated: false,
      attempts: 1,
      durationMs: 40,
      error: null,
      wentOut: true,
      attemptLog: [],
    },
  ],
};

let calls: { channel: ChannelName; input: unknown }[];

function renderReplay(answers: Partial<Record<ChannelName, (input: never) => unknown>> = {}, events: unknown[] = captured) {
  calls = [];
  const handlers: Partial<Record<ChannelName, (input: never) => unknown>> = {
    'environments:list': () => ({ environments: [sandbox, staging, production], activeId: 'local-sandbox', notice: null }),
    'transforms:pseudonyms': ({ values }: { values: Parameters<typeof pseudonyms.replacements>[0] }) => pseudonyms.replacements(values),
    'send:start': () => ({ started: summary }),
    'submissions:get': () => done,
    ...answers,
  };
  const api = createApi(
    createBridge(
      async (channel, input): Promise<Envelope<unknown>> => {
        calls.push({ channel, input });
        const handler = handlers[channel];
        if (!handler) return { ok: false, error: { code: 'unknown-channel', message: `not answered in this test: ${channel}` } };
        // A handler refuses as main does: an AppError crosses as an error envelope.
        try {
          return { ok: true, value: handler(input as never) };
        } catch (error) {
          if (error instanceof AppError) return { ok: false, error: { code: error.code, message: error.message } };
          throw error;
        }
      },
      () => () => undefined,
    ),
  );
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReplayHost />
        <QuestionDialog />
      </QueryClientProvider>
    </ApiContext>,
  );
  act(() => useReplay.getState().open({ eventsText: JSON.stringify(events, null, 2), count: events.length, source: '3 captured events (customer_id = c-42)' }));
  return screen.getByRole('dialog', { name: 'Replay events' });
}

const sent = () =>
  calls
    .filter((call) => call.channel === 'send:start')
    .map((call) => call.input as { environmentId: string; batchText: string; again: boolean; label?: string });

beforeAll(stubBrowser);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  useReplay.setState(useReplay.getInitialState(), true);
  useUi.setState(useUi.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
  useSendState.setState(useSendState.getInitialState(), true);
  useHistory.setState(useHistory.getInitialState(), true);
  useComposer.setState(useComposer.getInitialState(), true);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the Replay dialog', () => {
  it('names the source, offers every environment (the active one first chosen), and previews what goes', async () => {
    const dialog = renderReplay();
    expect(within(dialog).getByText('3 captured events (customer_id = c-42)')).toBeTruthy();
    const target = within(dialog).getByRole('combobox', { name: 'Send to' }) as HTMLSelectElement;
    await vi.waitFor(() => expect(target.value).toBe('local-sandbox'));
    expect([...target.options].map((option) => option.text)).toEqual(['Local sandbox', 'Staging', 'Production (production)']);
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe('Sends 3 events, created_at from 2026-11-20 10:00:00 to 2026-11-20 10:10:00 (UTC).'),
    );
  });

  it('sends to the chosen environment, times shifted so the newest is now and personal fields pseudonymized by the composer’s transforms, under a label naming the replay', async () => {
    const dialog = renderReplay();
    const status = within(dialog).getByRole('status');
    await vi.waitFor(() => expect(status.textContent).toContain('Sends 3 events'));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Send to' }), { target: { value: 'staging' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Shift times so the newest is now' }));
    // Staging reads times in Berlin, an hour ahead of UTC in November: the newest lands at 10:00 there.
    await vi.waitFor(() => expect(status.textContent).toBe('Sends 3 events, created_at from 2026-11-24 09:50:00 to 2026-11-24 10:00:00 (Europe/Berlin).'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Pseudonymize personal fields' }));
    await vi.waitFor(() => expect(status.textContent).toContain('Sends 3 events'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    const [start] = sent();
    expect(start).toMatchObject({ environmentId: 'staging', again: false, label: 'Replay of 3 captured events (customer_id = c-42)' });
    const events = JSON.parse(start!.batchText) as {
      token: string;
      customer_id: string;
      device_id: string;
      created_at: string;
      attributes: { note: string };
    }[];
    expect(events.map((event) => event.token)).toEqual(['evt-1', 'evt-2', 'evt-3']);
    expect(events.map((event) => event.created_at)).toEqual(['2026-11-24 09:50:00', '2026-11-24 10:00:00', '2026-11-24 09:57:30']);
    // One customer keeps one pseudonym, and no personal value is left.
    expect(events[0]!.customer_id).toBe(events[2]!.customer_id);
    expect(events[0]!.customer_id).not.toBe(events[1]!.customer_id);
    expect(start!.batchText).not.toMatch(/c-42|c-7"|ann@acme\.io|1b4e28ba-2fa1-41d2-883f-0016d3cca427/);
    expect(events[0]!.attributes.note).toMatch(/^wrote from \S+@\S+$/);
  });

  it('says how many events have errors under the target’s rules, and leaves them out when asked, so the good ones are not refused with them', async () => {
    const dialog = renderReplay({}, [captured[0], { ...captured[1], svc_id: 'seven' }, { ...captured[2], created_at: 'yesterday' }]);
    const warning = await vi.waitFor(() => within(dialog).getByText(/have errors under the rules of “Local sandbox”/));
    expect(warning.textContent).toBe(
      '2 of 3 events have errors under the rules of “Local sandbox”: the server refuses them, and a chunk holding one is refused whole.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave them out' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Sends 1 event, created_at 2026-11-20 10:00:00 (UTC).'));
    expect(within(dialog).queryByText(/have errors/)).toBeNull();
    expect(within(dialog).getByText('2 events with errors left out.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    expect((JSON.parse(sent()[0]!.batchText) as { token: string }[]).map((event) => event.token)).toEqual(['evt-1']);
    expect(sent()[0]!.label).toBe('Replay of 3 captured events (customer_id = c-42), 2 events with errors left out');
  });

  it('asks before sending to production, and sends nothing when told no', async () => {
    const dialog = renderReplay();
    await vi.waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Sends 3 events'));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Send to' }), { target: { value: 'production' } });
    expect(within(dialog).getByText('“Production” is a production environment: Send asks first.')).toBeTruthy();
    await vi.waitFor(() => expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const question = await screen.findByRole('alertdialog', { name: 'Send to production?' });
    expect(question.textContent).toContain('“Production” is a production environment. Send this batch there?');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 10)));
    expect(sent()).toEqual([]);
  });

  it('asks first when the batch has errors, as the composer’s send does', async () => {
    renderReplay();
    // A new replay asked for while one is open starts the dialog afresh, on its own events.
    act(() => useReplay.getState().open({ eventsText: JSON.stringify([validEvent({ svc_id: 'twelve' })]), count: 1, source: '1 captured event' }));
    const dialog = screen.getByRole('dialog', { name: 'Replay events' });
    expect(within(dialog).getByText('1 captured event')).toBeTruthy();
    await vi.waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Sends 1 event,'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const question = await screen.findByRole('alertdialog', { name: 'Send a batch with errors?' });
    expect(within(question).getByTestId('send-warning-counts').textContent).toBe('The batch has 1 error and 0 warnings.');
    // The replayed events are in no Problems list to go to.
    expect(within(question).queryByRole('button', { name: 'Show in Problems' })).toBeNull();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(sent()).toEqual([]);
  });

  it('says in the dialog, not in a passing notice, that the target has no API key, opens its settings, and keeps every choice to send again', async () => {
    const refusals = [
      new AppError('missing-api-key', "“Staging” has no API key. Add it in the environment's settings; nothing was sent."),
      new AppError('needs-login', 'Log in to “Staging” first; nothing was sent.'),
    ];
    const dialog = renderReplay({
      'send:start': () => {
        const refusal = refusals.shift();
        if (refusal) throw refusal;
        return { started: summary };
      },
    });
    const target = within(dialog).getByRole('combobox', { name: 'Send to' }) as HTMLSelectElement;
    await vi.waitFor(() => expect(target.value).toBe('local-sandbox'));
    fireEvent.change(target, { target: { value: 'staging' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Shift times so the newest is now' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Pseudonymize personal fields' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('(Europe/Berlin)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain("“Staging” has no API key. Add it in the environment's settings; nothing was sent.");
    expect(useNotices.getState().notices).toEqual([]);
    expect(useReplay.getState().request).not.toBeNull();
    expect(target.value).toBe('staging');
    expect((within(dialog).getByRole('checkbox', { name: 'Shift times so the newest is now' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Pseudonymize personal fields' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(alert).getByRole('button', { name: 'Open “Staging” settings' }));
    expect(useUi.getState().editing).toEqual({ mode: 'edit', id: 'staging' });

    // Sent again once mended: the login it then needs is offered, in the dialog too, and the send goes on after it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Log in to “Staging” first'));
    expect(useUi.getState().loginFor).toBe('staging');
    act(() => useUi.getState().closeLogin(true));
    await vi.waitFor(() => expect(sent()).toHaveLength(3));
    expect(sent()[2]).toMatchObject({ environmentId: 'staging' });
    await vi.waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('shows the outcome, and its link opens the submission in the History', async () => {
    const dialog = renderReplay();
    await vi.waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Sends 3 events'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    act(() =>
      useSendState.getState().progressed({
        submissionId: 'sub-1',
        environmentId: 'staging',
        environmentName: 'Staging',
        chunksDone: 1,
        chunksTotal: 1,
        eventsDone: 3,
        eventsTotal: 3,
        eventsPerSecond: 75,
        etaSeconds: null,
        activity: null,
        status: 'ok',
        problem: null,
      }),
    );
    await vi.waitFor(() => expect(within(dialog).getByTestId('send-outcome').textContent).toContain('3 of 3 events accepted'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open in History' }));
    expect(useHistory.getState().openId).toBe('sub-1');
    expect(useUi.getState().screen).toBe('history');
    expect(useReplay.getState().request).toBeNull();
  });

  it('opens the transformed events as a new batch instead, for editing first', async () => {
    const dialog = renderReplay();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Shift times so the newest is now' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('to 2026-11-24 09:00:00 (UTC)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open in composer instead' }));
    await vi.waitFor(() => expect(useReplay.getState().request).toBeNull());
    const batch = useComposer.getState().batches.at(-1)!;
    expect(batch.name).toBe('Replay of 3 captured events (customer_id = c-42)');
    expect((JSON.parse(batchText(batch.id)) as { created_at: string }[]).map((event) => event.created_at)).toEqual([
      '2026-11-24 08:50:00',
      '2026-11-24 09:00:00',
      '2026-11-24 08:57:30',
    ]);
    expect(useUi.getState().screen).toBe('composer');
    expect(sent()).toEqual([]);
  });
});
