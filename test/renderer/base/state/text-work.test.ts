import { describe, expect, it } from 'vitest';
import { holdBatchText, settledBatchText } from '../../../../renderer/base/state/batch-text.ts';
import { isWorking, whileWorking } from '../../../../renderer/base/state/text-work.ts';

/** A text edited in two steps with a pause between, as a transform's undo edits a slice a frame. */
function twoStepHolder() {
  let text = 'before';
  let release = () => {};
  const paused = new Promise<void>((resolve) => (release = resolve));
  // The holder reads the model's text; the work is registered under the model, its workKey.
  const holder = { getValue: () => text, setValue: (next: string) => void (text = next), workKey: {} };
  const work = async () => {
    text = 'half way';
    await paused;
    text = 'after';
  };
  return { holder, work, release };
}

describe('work on a text across frames', () => {
  it('is known while it runs, and send, save and export read the text once it is done, never half way', async () => {
    const { holder, work, release } = twoStepHolder();
    holdBatchText('b1', holder);
    const working = whileWorking(holder.workKey, work);
    expect(isWorking(holder.workKey)).toBe(true);
    const read = settledBatchText('b1');
    release();
    await expect(read).resolves.toBe('after');
    await working;
    expect(isWorking(holder.workKey)).toBe(false);
  });

  it('ends even when the work fails, and reads the text as it was left', async () => {
    const holder = { getValue: () => 'left', setValue: () => undefined, workKey: {} };
    holdBatchText('b2', holder);
    await expect(whileWorking(holder.workKey, () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(isWorking(holder.workKey)).toBe(false);
    await expect(settledBatchText('b2')).resolves.toBe('left');
  });
});
