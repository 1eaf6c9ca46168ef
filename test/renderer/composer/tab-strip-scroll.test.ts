// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { showWholeTabs } from '../../../renderer/composer/BatchTabs.tsx';

/** A box from `left` to `right` on the page. */
const box = (left: number, right: number) => ({ left, right, top: 0, bottom: 20, x: left, y: 0, width: right - left, height: 20, toJSON: () => null });

/**
 * A strip 300 px wide (or `width`), 40 px from the page's edge, of tabs 90 px wide each, 2 px apart, laid out
 * by hand (jsdom lays nothing out) as they are when scrolled to `scrollLeft`.
 */
function strip(count: number, active: number, scrollLeft: number, width = 300): HTMLElement {
  const list = document.createElement('div');
  Object.defineProperty(list, 'clientWidth', { value: width });
  list.getBoundingClientRect = () => box(40, 340);
  for (let n = 0; n < count; n++) {
    const tab = document.createElement('div');
    tab.innerHTML = `<button role="tab" aria-selected="${n === active}">Batch ${n + 1}</button>`;
    tab.getBoundingClientRect = () => box(40 + n * 92 - list.scrollLeft, 130 + n * 92 - list.scrollLeft);
    list.append(tab);
  }
  list.scrollLeft = scrollLeft;
  return list;
}

describe('the batch tab strip', () => {
  it('shows the active tab whole, with the first tab shown starting at the edge, not cut', () => {
    // Tab 8 ends at 734: the strip must show up to there, from a tab's start.
    const list = strip(8, 7, 0);
    showWholeTabs(list);
    expect(list.scrollLeft).toBe(460);
    expect(list.scrollLeft % 92).toBe(0);
  });

  it('scrolls back to a tab left of the view, to its start', () => {
    const list = strip(8, 1, 460);
    showWholeTabs(list);
    expect(list.scrollLeft).toBe(92);
  });

  it('leaves the strip alone when the active tab is in view', () => {
    const list = strip(8, 5, 276);
    showWholeTabs(list);
    expect(list.scrollLeft).toBe(276);
  });

  it('scrolls back to the first tab once the strip has room for every tab', () => {
    const list = strip(3, 1, 92);
    showWholeTabs(list);
    expect(list.scrollLeft).toBe(0);
  });

  it('takes a strip a fraction of a pixel narrower than its tabs for one that shows them all', () => {
    const list = strip(3, 2, 92, 274);
    list.lastElementChild!.getBoundingClientRect = () => box(224 - list.scrollLeft, 314.4 - list.scrollLeft);
    showWholeTabs(list);
    expect(list.scrollLeft).toBe(0);
  });

  it('moves a strip left between two tabs (by a change of layout) to the nearest tab start that shows the active tab', () => {
    const list = strip(8, 1, 41);
    showWholeTabs(list);
    expect(list.scrollLeft).toBe(0);
  });
});
