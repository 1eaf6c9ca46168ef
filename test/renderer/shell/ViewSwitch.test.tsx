// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineUnit } from '../../../features/history/common/history.ts';
import { Timeline } from '../../../renderer/history/Timeline.tsx';
import { tabIdOf, ViewSwitch } from '../../../renderer/base/widgets/ViewSwitch.tsx';

afterEach(cleanup);

const KINDS = [
  ['shift', 'Shift times'],
  ['pseudonymize', 'Pseudonymize'],
  ['set', 'Set a field'],
] as const;

/** The switch as the Transform dialog uses it: tabs over one panel. */
function Tabs({ panel }: { panel?: string }) {
  const [kind, setKind] = useState<(typeof KINDS)[number][0]>('shift');
  return (
    <>
      <ViewSwitch label="Transform" options={KINDS} value={kind} onChange={setKind} panel={panel} />
      {panel && (
        <div role="tabpanel" id={panel} aria-labelledby={tabIdOf(panel, kind)}>
          form of {kind}
        </div>
      )}
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const press = (key: string) => act(() => void fireEvent.keyDown(document.activeElement!, { key }));

describe('the view switch', () => {
  it('is one Tab stop: the chosen tab', () => {
    render(<Tabs />);
    expect(KINDS.map(([, name]) => tab(name).tabIndex)).toEqual([0, -1, -1]);
  });

  it('moves the focus and the choice with the arrow keys, wrapping, and with Home and End', () => {
    render(<Tabs />);
    act(() => tab('Shift times').focus());
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Pseudonymize'));
    expect(tab('Pseudonymize').getAttribute('aria-selected')).toBe('true');
    expect(KINDS.map(([, name]) => tab(name).tabIndex)).toEqual([-1, 0, -1]);
    press('ArrowRight');
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('Shift times'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(tab('Set a field'));
    press('Home');
    expect(document.activeElement).toBe(tab('Shift times'));
    press('End');
    expect(document.activeElement).toBe(tab('Set a field'));
    expect(tab('Set a field').getAttribute('aria-selected')).toBe('true');
    // Other keys are left to the button: Enter and Space still click it.
    press('a');
    expect(document.activeElement).toBe(tab('Set a field'));
  });

  it('with a panel, each tab controls it and the panel is labelled by the chosen tab', () => {
    render(<Tabs panel="transform-panel" />);
    for (const [, name] of KINDS) expect(tab(name).getAttribute('aria-controls')).toBe('transform-panel');
    expect(screen.getByRole('tabpanel', { name: 'Shift times' })).toHaveProperty('id', 'transform-panel');
    act(() => tab('Shift times').focus());
    press('ArrowRight');
    expect(screen.getByRole('tabpanel', { name: 'Pseudonymize' }).textContent).toBe('form of pseudonymize');
  });

  it('as a choice of a setting, the timeline’s Hours or Days of one chart, is a radio group with the same keys', () => {
    function Unit() {
      const [unit, setUnit] = useState<TimelineUnit>('hour');
      return <Timeline buckets={[]} unit={unit} onUnit={setUnit} onPick={() => undefined} />;
    }
    render(<Unit />);
    expect(screen.queryByRole('tab')).toBeNull();
    const hours = screen.getByRole('radio', { name: 'Hours' });
    expect(screen.getByRole('radiogroup', { name: 'Timeline unit' })).toBeTruthy();
    expect(hours.getAttribute('aria-checked')).toBe('true');
    expect(hours.tabIndex).toBe(0);
    act(() => hours.focus());
    press('ArrowDown');
    const days = screen.getByRole('radio', { name: 'Days' });
    expect(document.activeElement).toBe(days);
    expect(days.getAttribute('aria-checked')).toBe('true');
    expect([hours.tabIndex, days.tabIndex]).toEqual([-1, 0]);
  });
});
