// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendProgress } from '../../../features/history/common/submission.ts';
import { Progress } from '../../../renderer/send/ResponsePanel.tsx';

afterEach(cleanup);

const progress = (changes: Partial<SendProgress>): SendProgress => ({
  submissionId: 's1',
  environmentId: 'env-1',
  environmentName: 'Staging',
  chunksDone: 0,
  chunksTotal: 1,
  eventsDone: 0,
  eventsTotal: 13,
  eventsPerSecond: 0,
  etaSeconds: null,
  activity: null,
  status: 'sending',
  problem: null,
  ...changes,
});

const shown = () => screen.getByTestId('send-progress').textContent;

describe('the progress of a send', () => {
  it('names the chunk in flight, counted from 1', () => {
    render(<Progress progress={progress({})} onCancel={() => undefined} />);
    expect(shown()).toContain('sending chunk 1 of 1');
    expect(shown()).not.toContain('chunk 0');
  });

  it('names the next chunk as each is done, and stays on the last once all are', () => {
    const { rerender } = render(<Progress progress={progress({ chunksDone: 2, chunksTotal: 6 })} onCancel={() => undefined} />);
    expect(shown()).toContain('sending chunk 3 of 6');
    rerender(<Progress progress={progress({ chunksDone: 6, chunksTotal: 6 })} onCancel={() => undefined} />);
    expect(shown()).toContain('sending chunk 6 of 6');
  });

  it('says the chunk waits for the login while it does, not that it is sending or failed', () => {
    render(
      <Progress
        progress={progress({ chunksDone: 3, chunksTotal: 6, activity: 'waiting for you to log in', waitingForLogin: true })}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByTestId('send-waiting').textContent).toBe('chunk 4 of 6 waiting for you to log in');
    expect(shown()).not.toMatch(/sending chunk|failed/);
    expect(screen.queryByTestId('send-activity')).toBeNull();
  });
});
