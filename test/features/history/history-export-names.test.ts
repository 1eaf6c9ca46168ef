import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../../features/history/node/history-export.ts';

const ID_A = 'aaaaaaaa-1111-4111-8111-111111111111';
const ID_B = 'bbbbbbbb-2222-4222-8222-222222222222';

describe('the name offered for a history export', () => {
  it('is the first id and the count when no submission is labelled', () => {
    expect(exportFileName([{ id: ID_A, label: '' }], 'har', false, [])).toBe('eventdesk-aaaaaaaa-1-submission.har');
    expect(
      exportFileName(
        [
          { id: ID_A, label: '' },
          { id: ID_B, label: '' },
        ],
        'curl',
        true,
        [],
      ),
    ).toBe('eventdesk-aaaaaaaa-2-submissions-with-secrets.sh');
  });

  it('carries the label, made safe for a file name on every system', () => {
    expect(exportFileName([{ id: ID_A, label: 'ZD-1234 repro' }], 'json', false, [])).toBe('eventdesk-ZD-1234-repro-aaaaaaaa-1-submission.json');
    expect(exportFileName([{ id: ID_A, label: 'a/b\\c: "d" <e>|f?*' }], 'ndjson', false, [])).toBe('eventdesk-a-b-c-d-e-f-aaaaaaaa-1-submission.ndjson');
    expect(exportFileName([{ id: ID_A, label: '..hidden..' }], 'har', false, [])).toBe('eventdesk-hidden-aaaaaaaa-1-submission.har');
    expect(exportFileName([{ id: ID_A, label: 'Größe café' }], 'har', false, [])).toBe('eventdesk-Größe-café-aaaaaaaa-1-submission.har');
  });

  it('names each label once, oldest first, and keeps a long one short', () => {
    const names = exportFileName(
      [
        { id: ID_A, label: 'ZD-1' },
        { id: ID_B, label: 'ZD-2' },
        { id: ID_B, label: 'ZD-1' },
      ],
      'har',
      false,
      [],
    );
    expect(names).toBe('eventdesk-ZD-1_ZD-2-aaaaaaaa-3-submissions.har');
    const long = exportFileName([{ id: ID_A, label: 'x'.repeat(500) }], 'har', false, []);
    expect(long).toBe(`eventdesk-${'x'.repeat(60)}-aaaaaaaa-1-submission.har`);
  });

  it('masks a secret typed into a label, as the file text is masked', () => {
    const name = exportFileName([{ id: ID_A, label: 'key sk_live_0123456789' }], 'har', false, ['sk_live_0123456789']);
    expect(name).not.toContain('0123456789');
    expect(name).toMatch(/^eventdesk-key-[^-]*-?aaaaaaaa-1-submission\.har$/);
  });
});
