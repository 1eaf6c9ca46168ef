// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import type { OutputOf } from '../../../app/common/ipc.ts';
import { runCommand } from '../../../renderer/base/state/command-registry.ts';
import { usePlanDraft } from '../../../renderer/base/data/plan-draft-state.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';

// Monaco needs a real browser (the e2e drives it): the plan's JSON is a plain text area here.
vi.mock('../../../renderer/shell/editors.ts', () => ({
  BatchEditor: () => null,
  BatchViewer: () => null,
  CompareEditor: () => null,
  PlanTextEditor: ({ initialText, onChange }: { initialText: string; onChange: (text: string) => void }) => (
    <textarea aria-label="Plan JSON" defaultValue={initialText} onChange={(event) => onChange(event.target.value)} />
  ),
}));

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  usePlanDraft.setState(usePlanDraft.getInitialState(), true);
});

const staging: EnvironmentView = {
  ...DEFAULT_SETTINGS,
  id: 'env-staging',
  name: 'Staging',
  baseUrl: 'https://api.example.com',
  embeddedSandbox: false,
  resolvedBaseUrl: 'https://api.example.com',
  apiKey: { set: false, hint: null },
  passwordRemembered: false,
  secretsUnreadable: false,
};

const batchText = '[{"token": "purchase", "attributes": {"currency": "EUR"}}]';
const plan = {
  name: 'Draft plan',
  key: 'token',
  events: {
    purchase: {
      attributes: { type: 'object', required: ['currency'], additionalProperties: false, properties: { currency: { type: 'string', enum: ['EUR', 'USD'] } } },
    },
  },
};
const drafted: OutputOf<'plans:draft'> = {
  text: `${JSON.stringify(plan, null, 2)}\n`,
  kinds: 1,
  from: '26 events of Checkout',
  events: 26,
  planned: 25,
  notes: ['1 event had no text in "token" and was left out.'],
  advice: null,
};

function open(answers: Parameters<typeof renderApp>[0]) {
  const app = renderApp({
    'environments:list': { ok: true, value: { environments: [staging], activeId: staging.id, notice: null } },
    'session:status': { ok: true, value: null },
    'drafts:list': {
      ok: true,
      value: { drafts: [{ id: 'd1', name: 'Checkout', text: batchText, filePath: null, updatedAt: '2026-11-24T09:00:00.000Z', revision: 0 }], activeId: 'd1' },
    },
    ...answers,
  });
  return app;
}

async function inferFromBatch() {
  await screen.findByTestId('active-environment');
  await act(async () => void (await vi.waitFor(() => expect(runCommand('plan.inferFromBatch')).toBe(true))));
  return screen.findByRole('dialog', { name: 'Draft a tracking plan' });
}

describe('the draft plan dialog', () => {
  it('infers from the open batch at once, shows the kinds, attributes and notes, follows edits, saves the edited text and uses it for the active environment', async () => {
    const { calls } = open({
      'plans:draft': { ok: true, value: drafted },
      'plans:save': { ok: true, value: { saved: true, path: '/plans/checkout.plan.json', name: 'checkout.plan.json', warnings: [] } },
      'plans:use': { ok: true, value: { ok: true, environment: { ...staging, planFile: '/plans/checkout.plan.json' } } },
    });
    const dialog = await inferFromBatch();
    await within(dialog).findByText('1 kind from 26 events of Checkout; 25 events of them named a kind.');
    expect(calls.find((call) => call.channel === 'plans:draft')?.input).toEqual({ source: 'batch', text: batchText, batchName: 'Checkout' });
    expect(within(dialog).getByRole('list', { name: 'Notes' }).textContent).toBe('1 event had no text in "token" and was left out.');
    const attributes = within(dialog).getByRole('table', { name: 'Attributes of purchase' });
    expect(within(attributes).getAllByRole('row')[1]!.textContent).toBe('currencyrequiredone of "EUR", "USD"');

    // An edit of the JSON shows in the kinds; a text that is no JSON says so.
    const json = within(dialog).getByLabelText('Plan JSON');
    const edited = JSON.stringify({ ...plan, name: 'checkout', events: { ...plan.events, refund: { attributes: { type: 'object' } } } }, null, 2);
    act(() => void fireEvent.change(json, { target: { value: '{ "name": ' } }));
    await within(dialog).findByText(/The text is not JSON as it stands/);
    act(() => void fireEvent.change(json, { target: { value: edited } }));
    await within(dialog).findByText('2 kinds by “token”');

    expect(within(dialog).queryByRole('button', { name: 'Use for Staging' })).toBeNull();
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Save plan as…' })));
    expect(calls.find((call) => call.channel === 'plans:save')?.input).toEqual({ text: edited });
    await within(dialog).findByText('Saved to /plans/checkout.plan.json.');

    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Use for Staging' })));
    expect(calls.find((call) => call.channel === 'plans:use')?.input).toEqual({ environmentId: 'env-staging', path: '/plans/checkout.plan.json' });
    await screen.findByText('Staging checks its batches against checkout.plan.json now.');
    expect(screen.queryByRole('dialog', { name: 'Draft a tracking plan' })).toBeNull();
  });

  it('shows no plan to save when no event named a kind, and says what to change', async () => {
    open({
      'plans:draft': { ok: true, value: { ...drafted, text: '{"name": "Draft plan", "key": "token", "events": {}}\n', kinds: 0, planned: 0, notes: [] } },
    });
    const dialog = await inferFromBatch();
    const empty = await within(dialog).findByTestId('plan-draft-empty');
    expect(empty.textContent).toBe(
      'No kind of event, so no plan. Name the field that says each event’s kind under Key field (dots reach inside one: attributes.screen), and infer again.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Save plan as…' })).toBeNull();
    expect(within(dialog).queryByLabelText('Plan JSON')).toBeNull();
  });

  it('says when the key drafted a kind per event, and infers again by a proposed field in one click', async () => {
    const advice = {
      message:
        '"token" differs in nearly every event (180 kinds from 180 events), so each kind would describe single events rather than a kind of event. Fields whose values repeat, best first: key by one of them.',
      candidates: [
        { key: 'attributes.platform', description: '2 values: android, ios; in all 180 events' },
        { key: 'attributes.screen', description: '6 values: cart, checkout, home, …; in all 180 events' },
      ],
    };
    const byScreen = { ...drafted, kinds: 6, events: 180, planned: 180, notes: [] };
    const { calls } = open({
      'plans:draft': (input: unknown) => ({
        ok: true,
        value: (input as { key?: string }).key === 'attributes.screen' ? byScreen : { ...byScreen, kinds: 180, advice },
      }),
    });
    const dialog = await inferFromBatch();
    const about = await within(dialog).findByRole('region', { name: 'About the key' });
    expect(within(about).getByRole('alert').textContent).toBe(advice.message);
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Key by attributes.platform2 values: android, ios; in all 180 events',
      'Key by attributes.screen6 values: cart, checkout, home, …; in all 180 events',
    ]);
    await act(async () => void fireEvent.click(within(about).getByRole('button', { name: 'Key by attributes.screen' })));
    expect(calls.filter((call) => call.channel === 'plans:draft').at(-1)?.input).toEqual({
      source: 'batch',
      text: batchText,
      batchName: 'Checkout',
      key: 'attributes.screen',
    });
    await within(dialog).findByText('6 kinds from 26 events of Checkout.');
    expect(within(dialog).queryByRole('region', { name: 'About the key' })).toBeNull();
    expect(within(dialog).getByLabelText('Key field')).toHaveProperty('value', 'attributes.screen');
  });

  it('says so when the source held no event at all', async () => {
    open({
      'plans:draft': {
        ok: true,
        value: {
          ...drafted,
          text: '{"name": "Draft plan", "key": "token", "events": {}}\n',
          kinds: 0,
          events: 0,
          planned: 0,
          notes: [],
          from: '0 events of Checkout',
        },
      },
    });
    const dialog = await inferFromBatch();
    expect((await within(dialog).findByTestId('plan-draft-empty')).textContent).toBe(
      'No events were read, so there is no plan: draft from a batch, files or a capture that hold some.',
    );
  });

  it('lists the problems of a plan main would not save, and offers no use of it', async () => {
    open({
      'plans:draft': { ok: true, value: drafted },
      'plans:save': {
        ok: true,
        value: { saved: false, problems: ['purchase /events/purchase/attributes/type: expected one of "array", "boolean"…, saw "strin"'] },
      },
    });
    const dialog = await inferFromBatch();
    await act(async () => void fireEvent.click(await within(dialog).findByRole('button', { name: 'Save plan as…' })));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Not saved: the plan has 1 problem; fix it in the JSON and save again.');
    expect(alert.textContent).toContain('saw "strin"');
    expect(within(dialog).queryByRole('button', { name: 'Use for Staging' })).toBeNull();
  });

  it('infers from the capture at once when opened from the Sandbox tab, and again from its accepted events only', async () => {
    const { calls } = open({ 'plans:draft': { ok: true, value: { ...drafted, from: '26 events captured (4 requests)' } } });
    await screen.findByTestId('active-environment');
    act(() => usePlanDraft.getState().open({ inferNow: 'capture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Draft a tracking plan' });
    expect((await within(dialog).findByTestId('plan-draft-summary')).textContent).toBe(
      '1 kind from 26 events captured (4 requests); 25 events of them named a kind.',
    );
    expect((within(dialog).getByRole('radio', { name: 'The sandbox’s capture' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'accepted events only' }));
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Infer' })));
    expect(calls.filter((call) => call.channel === 'plans:draft').map((call) => call.input)).toEqual([
      { source: 'capture', acceptedOnly: false },
      { source: 'capture', acceptedOnly: true },
    ]);
  });

  it('says why a source cannot be read', async () => {
    open({
      'plans:draft': {
        ok: false,
        error: { code: 'plan-source-format', message: 'Checkout: The file is not valid JSON at line 1, column 3: a value is missing.' },
      },
    });
    const dialog = await inferFromBatch();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Checkout: The file is not valid JSON at line 1, column 3: a value is missing.');
  });

  it('from the environment editor, puts the saved plan in the form, where it applies once the environment is saved', async () => {
    const { calls } = open({
      'plans:draft': { ok: true, value: drafted },
      'plans:save': { ok: true, value: { saved: true, path: '/plans/checkout.plan.json', name: 'checkout.plan.json', warnings: [] } },
    });
    const edit = await screen.findByRole('button', { name: 'Edit' });
    act(() => void fireEvent.click(edit));
    const editor = await screen.findByRole('dialog', { name: 'Edit Staging' });
    const field = within(editor).getByRole('group', { name: 'Tracking plan' });
    act(() => void fireEvent.click(within(field).getByRole('button', { name: 'Draft…' })));
    const dialog = await screen.findByRole('dialog', { name: 'Draft a tracking plan' });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Infer' })));
    await act(async () => void fireEvent.click(await within(dialog).findByRole('button', { name: 'Save plan as…' })));
    await act(async () => void fireEvent.click(await within(dialog).findByRole('button', { name: 'Use in this environment' })));
    expect(screen.queryByRole('dialog', { name: 'Draft a tracking plan' })).toBeNull();
    expect(within(field).getByTestId('plan-file-name').textContent).toBe('checkout.plan.json');
    expect(calls.some((call) => call.channel === 'plans:use')).toBe(false);
  });
});
