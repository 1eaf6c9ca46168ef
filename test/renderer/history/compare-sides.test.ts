import { describe, expect, it } from 'vitest';
import { sideText } from '../../../renderer/history/CompareView.tsx';
import { startedText } from '../../../renderer/base/data/history-format.ts';

describe("History's compare header", () => {
  it('names each side by its label (or that it has none), id, time and environment', () => {
    const startedAt = '2026-11-22T10:00:00.000Z';
    expect(sideText({ id: 'sub-1', label: 'ZD-77 repro', startedAt, environmentName: 'Local sandbox' })).toBe(
      `“ZD-77 repro” · sub-1 · ${startedText({ startedAt })} · Local sandbox`,
    );
    expect(sideText({ id: 'sub-2', label: '', startedAt, environmentName: 'Staging' })).toBe(`no label · sub-2 · ${startedText({ startedAt })} · Staging`);
  });
});
