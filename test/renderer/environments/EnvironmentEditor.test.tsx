// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import type { ChannelName } from '../../../app/common/ipc.ts';
import type { Envelope } from '../../../base/common/errors.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';
import { sandboxView } from '../sandbox/sandbox-screen.tsx';

// Monaco needs a real browser; the editor dialog does not use it.
vi.mock('../../../renderer/shell/editors.ts', () => ({ BatchEditor: () => null, BatchViewer: () => null, CompareEditor: () => null }));

beforeAll(stubBrowser);
afterEach(cleanup);

async function openNewEnvironment(answers: Partial<Record<ChannelName, Envelope<unknown>>> = {}) {
  renderApp(answers);
  const button = await screen.findByRole('button', { name: 'New environment' });
  act(() => void fireEvent.click(button));
  await screen.findByRole('dialog', { name: 'New environment' });
}

function type(label: string, value: string) {
  act(() => void fireEvent.change(screen.getByLabelText(label), { target: { value } }));
}

/** Save as a person would: Save has focus when it is pressed (fireEvent alone moves no focus). */
async function save() {
  const button = screen.getByRole('button', { name: 'Save' });
  act(() => button.focus());
  await act(async () => void fireEvent.click(button));
}

/** The message an input is described by, as a screen reader would read it. */
function descriptionOf(input: HTMLElement) {
  const id = input.getAttribute('aria-describedby');
  return id === null ? null : document.getElementById(id)?.textContent;
}

describe('the environment editor', () => {
  it('names the built-in sandbox’s body limit only in Local sandbox’s editor, not in a new one', async () => {
    await openNewEnvironment({ 'sandbox:info': { ok: true, value: sandboxView({ url: 'http://127.0.0.1:4999', maxBodyBytes: 1_048_576 }) } });
    // The Sandbox screen has read the info by now: it is in the cache.
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText(/^Default 5,242,880 \(5 MiB\)\.$/)).toBeTruthy();
    expect(screen.queryByText(/built-in sandbox takes/)).toBeNull();
  });

  it('moves focus to the base URL when a save is refused for it, marked and described', async () => {
    await openNewEnvironment();
    type('Name', 'Staging');
    type('Base URL', 'not a url');
    await save();
    const baseUrl = screen.getByLabelText('Base URL');
    expect(document.activeElement).toBe(baseUrl);
    expect(baseUrl.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(baseUrl)).toBe('A base URL has no spaces; it looks like https://api.example.com.');
  });

  it('focuses the first field marked, in the order of the form', async () => {
    await openNewEnvironment();
    type('Base URL', 'not a url');
    type('Username', 'qa ');
    await save();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(screen.getByLabelText('Username'))).toBe('The username has spaces at its start or end.');
  });

  it('focuses a field the main process refused', async () => {
    const message = 'There is already an environment called "Staging".';
    await openNewEnvironment({ 'environments:create': { ok: true, value: { ok: false, problems: [{ field: 'name', message }] } } });
    type('Name', 'Staging');
    type('Base URL', 'https://staging.example.com');
    await save();
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    expect(descriptionOf(name)).toBe(message);
  });

  it('shows and marks a header value it refuses, which the message above Save points to', async () => {
    await openNewEnvironment();
    type('Name', 'Staging');
    type('Base URL', 'https://staging.example.com');
    act(() => void fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]!));
    type('Extra headers 1 name', 'X-Trace');
    type('Extra headers 1 value', 'a\u0007b');
    await save();
    const value = screen.getByLabelText('Extra headers 1 value');
    expect(document.activeElement).toBe(value);
    expect(descriptionOf(value)).toBe('A header value cannot contain line breaks or control characters.');
  });
});

const staging: EnvironmentView = {
  ...DEFAULT_SETTINGS,
  id: 'env-staging',
  name: 'Staging',
  baseUrl: 'https://old.example/v1',
  username: 'qa',
  rememberPassword: true,
  embeddedSandbox: false,
  resolvedBaseUrl: 'https://old.example/v1',
  apiKey: { set: true, hint: '••••6789' },
  passwordRemembered: true,
  secretsUnreadable: false,
};

async function editStaging(environment: EnvironmentView = staging) {
  renderApp({
    'environments:list': { ok: true, value: { environments: [environment], activeId: environment.id, notice: null } },
    'session:status': { ok: true, value: null },
  });
  const button = await screen.findByRole('button', { name: 'Edit' });
  act(() => void fireEvent.click(button));
  await screen.findByRole('dialog', { name: 'Edit Staging' });
}

describe('the environment editor, on a move to another server', () => {
  it('says before Save that the API key and the saved password stay behind, tied to the base URL; not for another path', async () => {
    await editStaging();
    type('Base URL', 'https://OLD.example:443/v2');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByLabelText('Base URL').getAttribute('aria-describedby')).toBeNull();
    type('Base URL', 'https://new.example/v1');
    const message = 'The API key and the saved password stay with https://old.example; enter them again for https://new.example.';
    expect(screen.getByRole('status').textContent).toBe(message);
    expect(descriptionOf(screen.getByLabelText('Base URL'))).toBe(message);
  });

  it('names only what stays behind: a new API key typed with the new address goes with it', async () => {
    await editStaging();
    type('Base URL', 'http://old.example/v1');
    type('API key', 'ak_new_0123456789');
    expect(screen.getByRole('status').textContent).toBe('The saved password stays with https://old.example; enter it again for http://old.example.');
  });

  it('says nothing when no secret is held', async () => {
    await editStaging({ ...staging, apiKey: { set: false, hint: null }, passwordRemembered: false });
    type('Base URL', 'https://new.example');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText(/^Not set\./)).toBeTruthy();
  });
});
