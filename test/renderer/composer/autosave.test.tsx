// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Draft, DraftEdits, DraftOrigins } from '../../../features/documents/common/draft.ts';
import { pseudonymInput } from '../../../features/transforms/common/pseudonym-shapes.ts';
import { reportEdits, setBatchText } from '../../../renderer/base/state/batch-text.ts';
import { originsIn, rememberOrigins } from '../../../renderer/base/state/pseudonym-origins.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';

// Monaco needs a real browser (the e2e tests type in it); here its edits are reported as it would.
vi.mock('../../../renderer/shell/editors.ts', () => ({
  BatchEditor: () => <div data-testid="batch-editor" />,
  BatchViewer: () => null,
  CompareEditor: () => null,
}));

beforeAll(stubBrowser);
afterEach(cleanup);

const draft: Draft = { id: 'd1', name: 'Big batch', text: '[1]', filePath: null, updatedAt: '2026-01-01T00:00:00.000Z', revision: 4 };

/** Types `typed` at the end of the draft's text, as the editor reports it, and holds the new text as the editor would. */
function type(text: string, typed: string): string {
  act(() => {
    setBatchText('d1', text.slice(0, -1) + typed + text.slice(-1));
    reportEdits('d1', [{ rangeOffset: text.length - 1, rangeLength: 0, text: typed }]);
  });
  return text.slice(0, -1) + typed + text.slice(-1);
}

describe('autosave', () => {
  it('saves a pause in typing as the edits made, each from the revision the last save reached', async () => {
    const { calls } = renderApp({ 'drafts:list': { ok: true, value: { drafts: [draft], activeId: 'd1' } } });
    await screen.findByRole('tab', { name: 'Big batch' });
    const saved = () => calls.filter((call) => call.channel === 'drafts:saveEdits').map((call) => call.input as DraftEdits);
    let text = type('[1]', ',2');
    await waitFor(() => expect(saved()).toHaveLength(1), { timeout: 3000 });
    expect(saved()[0]).toMatchObject({ id: 'd1', name: 'Big batch', revision: 4, changes: [{ rangeOffset: 2, rangeLength: 0, text: ',2' }] });
    text = type(text, ',3');
    await waitFor(() => expect(saved()).toHaveLength(2), { timeout: 3000 });
    expect(saved()[1]).toMatchObject({ revision: 5, changes: [{ rangeOffset: 4, rangeLength: 0, text: ',3' }] });
    // The whole text never went again.
    expect(calls.some((call) => call.channel === 'drafts:save')).toBe(false);
    expect(text).toBe('[1,2,3]');
  });

  it('saves the whole text when the draft on disk is at another revision, then goes on with edits from there', async () => {
    const { calls } = renderApp({
      'drafts:list': { ok: true, value: { drafts: [draft], activeId: 'd1' } },
      'drafts:saveEdits': {
        ok: false,
        error: { code: 'draft-out-of-step', message: 'These edits belong to another revision of the draft than the one saved.' },
      },
    });
    await screen.findByRole('tab', { name: 'Big batch' });
    const text = type('[1]', ',2');
    await waitFor(() => expect(calls.some((call) => call.channel === 'drafts:save')).toBe(true), { timeout: 3000 });
    expect(calls.find((call) => call.channel === 'drafts:save')!.input).toMatchObject({ id: 'd1', text: '[1,2]', revision: 0 });
    expect(screen.queryByRole('alert')).toBeNull();
    type(text, ',3');
    const edits = () => calls.filter((call) => call.channel === 'drafts:saveEdits').map((call) => (call.input as DraftEdits).revision);
    await waitFor(() => expect(edits()).toEqual([4, 0]), { timeout: 3000 });
  });

  it('keeps the ids a pseudonymize replaced beside the draft, and brings them back with it, so a send after a reload still notes them', async () => {
    const origin = { pseudonym: 'cust-pseudo', kind: 'customer', original: 'cust-7781' } as const;
    const { calls } = renderApp({
      'drafts:list': { ok: true, value: { drafts: [{ ...draft, id: 'd2', name: 'Reopened', origins: [origin] }], activeId: 'd2' } },
    });
    await screen.findByRole('tab', { name: 'Reopened' });
    expect(originsIn('d2', '[{"customer_id": "cust-pseudo"}]')).toEqual(['cust-7781']);
    act(() => rememberOrigins('d2', new Map([[pseudonymInput({ kind: 'device', value: 'dev-1' }), 'd-pseudo']])));
    const kept = () => calls.filter((call) => call.channel === 'drafts:saveOrigins').map((call) => call.input as DraftOrigins);
    await waitFor(() => expect(kept()).toEqual([{ id: 'd2', origins: [origin, { pseudonym: 'd-pseudo', kind: 'device', original: 'dev-1' }] }]));
  });
});
