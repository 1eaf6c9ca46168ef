// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Envelope } from '../../shared/errors.ts';
import { renderApp, stubBrowser } from './app-harness.tsx';

const loaded = vi.hoisted(() => ({ editors: false }));
// Monaco needs a real browser; what matters here is when its module is asked for.
vi.mock('../../renderer/monaco/editors.ts', () => {
  loaded.editors = true;
  return { BatchEditor: () => null, BatchViewer: () => null, CompareEditor: () => null };
});

beforeAll(stubBrowser);
afterEach(cleanup);

it('loads the editor while app:info is still on its way, not once the shell is shown', async () => {
  const neverAnswered = new Promise<Envelope<unknown>>(() => undefined);
  renderApp({ 'app:info': neverAnswered as unknown as Envelope<unknown> });
  expect(screen.getByText('Starting EventDesk…')).toBeTruthy();
  await vi.waitFor(() => expect(loaded.editors).toBe(true));
  expect(screen.getByText('Starting EventDesk…')).toBeTruthy();
});
