// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GenerateCopies } from '../../../renderer/composer/form/GenerateCopies.tsx';
import { useNotices } from '../../../renderer/base/state/ui.ts';

// Monaco stays out of jsdom: a count it refuses never reaches the batch's model.
const batchModel = vi.hoisted(() => vi.fn());
vi.mock('../../../renderer/monaco/batch-models.ts', () => ({ batchModel }));

afterEach(cleanup);

const event = {
  token: 'evt-1',
  customer_id: 'cust-7781',
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  created_at: '2026-11-20 09:00:00',
  svc_id: 1,
  attributes: {},
};

function renderCopies() {
  render(
    <form aria-label="Event 1">
      <GenerateCopies batch={{ id: 'b1', name: 'Batch 1', filePath: null }} index={0} event={event} environment={null} />
    </form>,
  );
  const field = screen.getByRole('spinbutton', { name: 'How many copies to generate' });
  const type = (value: string) => act(() => void fireEvent.change(field, { target: { value } }));
  const generate = () => {
    const button = screen.getByRole('button', { name: 'Generate copies' });
    act(() => button.focus());
    act(() => button.click());
  };
  return { field, type, generate };
}

describe('Generate copies', () => {
  it.each(['0', '-3', '100001', '2.5', ''])('marks a count of “%s” beside the field, keeps it and the focus there, and changes nothing', (count) => {
    const { field, type, generate } = renderCopies();
    type(count);
    generate();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Type a whole number of copies from 1 to 100,000.');
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe(count);
    expect(useNotices.getState().notices).toEqual([]);
    expect(batchModel).not.toHaveBeenCalled();
  });

  it('clears the mark once the count is one it can take, and Enter in the field generates', () => {
    const { field, type, generate } = renderCopies();
    type('0');
    generate();
    type('4');
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(field.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText(/Type a whole number/)).toBeNull();
    type('-1');
    act(() => void fireEvent.keyDown(field, { key: 'Enter' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
