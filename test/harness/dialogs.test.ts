import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedDialogs } from '../e2e/support/dialogs.ts';
import { harnessDialogs } from './dialogs.ts';

/** The harness's stand-ins for the OS's file dialogs: a save dialog no test scripted fails loudly instead of cancelling quietly. */

afterEach(() => {
  vi.restoreAllMocks();
});

const unscripted = /^The harness's save dialog \(for "batch\.json"\) has no scripted answer: give the test's dialogs a path, or null to cancel\.$/;

describe("the harness's file dialogs", () => {
  it('without dialogs given, a save fails with a message in the log naming the file, and opening is cancelled', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(harnessDialogs.chooseFileToSave('batch.json')).rejects.toThrow(unscripted);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(unscripted));
    expect(await harnessDialogs.chooseFileToOpen('batch')).toBeNull();
  });

  it('scripted, answers in order (null cancels), then a save with no answer left fails loudly', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { answers, dialogs } = scriptedDialogs();
    answers.push('/tmp/a.json', null);
    expect(await dialogs.chooseFileToSave('batch.json')).toBe('/tmp/a.json');
    expect(await dialogs.chooseFileToSave('batch.json')).toBeNull();
    await expect(dialogs.chooseFileToSave('batch.json')).rejects.toThrow(unscripted);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(await dialogs.chooseFileToOpen('batch')).toBeNull();
  });
});
