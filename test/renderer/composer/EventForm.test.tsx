// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KindGuide } from '../../../features/plans/common/editor-schema.ts';
import { EventForm } from '../../../renderer/composer/form/EventForm.tsx';

// The form reads the active environment for its copies; none is active here.
vi.mock('../../../renderer/base/data/environment-queries.ts', () => ({ useActiveEnvironment: () => null }));
vi.mock('../../../renderer/monaco/batch-models.ts', () => ({ batchModel: vi.fn() }));

afterEach(cleanup);

const event = {
  token: 'evt-1',
  customer_id: 'cust-7781',
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  created_at: '2026-11-20 09:00:00',
  svc_id: 1,
  attributes: { screen: 'home', plan: 'pro', currency: 'EUR' },
};
const guide: KindGuide = { kind: 'purchase', description: null, attributes: [{ name: 'currency', description: null, required: true, choices: null }] };

describe('the event form’s attributes', () => {
  it('are named to a screen reader by the attribute, not all "name" and "value"', () => {
    render(
      <EventForm
        batch={{ id: 'b1', name: 'Batch 1', filePath: null }}
        index={0}
        event={event}
        serviceIdField="svc_id"
        timeZone="UTC"
        problems={new Map()}
        guide={guide}
        onEdit={() => undefined}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Value of screen' })).toHaveProperty('value', 'home');
    expect(screen.getByRole('textbox', { name: 'Name of attribute 2' })).toHaveProperty('value', 'plan');
    expect(screen.getByRole('textbox', { name: 'Name of attribute 3 (required)' })).toHaveProperty('value', 'currency');
    expect(screen.queryAllByRole('textbox', { name: /^(name|value)$/ })).toEqual([]);
  });
});
