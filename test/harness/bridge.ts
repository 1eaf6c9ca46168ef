import { createBridge } from '../../app/common/bridge.ts';
import type { Envelope } from '../../base/common/errors.ts';
import type { LongCall, LongCallAnswer } from './bridge-worker.ts';
import { askForPath } from './bridge-path-dialog.ts';
import { decodeFrame, encodeFrame } from './frame.ts';
import { PATH_QUESTION_EVENT, type PathQuestion } from './path-question.ts';

// The harness's stand-in for the preload: the same contract, calls over loopback HTTP as
// frames (see frame.ts), pushes over server-sent events.
let events: EventSource | undefined;
let longCalls: Worker | undefined;
const waiting = new Map<number, (answer: LongCallAnswer) => void>();
let lastLongCall = 0;
/** Pushes reach their listeners in the order sent, whether their frame had to be fetched or not. */
let pushes = Promise.resolve();

function sendLong(url: string, frame: string[]): Promise<string> {
  if (!longCalls) {
    longCalls = new Worker('/__harness/bridge-worker.js');
    longCalls.onmessage = ({ data: answer }: MessageEvent<LongCallAnswer>) => {
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    };
  }
  const id = ++lastLongCall;
  longCalls.postMessage({ id, url, frame } satisfies LongCall);
  return new Promise((resolve, reject) => waiting.set(id, (answer) => ('text' in answer ? resolve(answer.text) : reject(new Error(answer.failed)))));
}

async function call(channel: string, input: unknown): Promise<Envelope<unknown>> {
  const url = `/__harness/ipc/${encodeURIComponent(channel)}`;
  const frame = encodeFrame({ input });
  const answer =
    frame.length > 1
      ? await sendLong(url, frame)
      : await (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: frame[0] })).text();
  return decodeFrame(answer) as Envelope<unknown>;
}

/** A push is the first line of its frame, or, when it carries a long text, the id of its frame to fetch once. */
async function pushed(data: string): Promise<unknown> {
  const { frame } = JSON.parse(data) as { frame?: string };
  return decodeFrame(frame === undefined ? `${data}\n` : await (await fetch(`/__harness/frames/${encodeURIComponent(frame)}`)).text());
}

/** The pushes' stream, opened with the first subscription; it also carries the harness's questions for a path. */
function eventSource(): EventSource {
  if (!events) {
    events = new EventSource('/__harness/events');
    events.addEventListener(PATH_QUESTION_EVENT, (event: MessageEvent<string>) => askForPath(JSON.parse(event.data) as PathQuestion));
  }
  return events;
}

window.eventdesk = createBridge(call, (push, listener) => {
  const events = eventSource();
  const handler = (event: MessageEvent<string>) => {
    pushes = pushes
      .then(() => pushed(event.data))
      .then(listener)
      .catch((error: unknown) => console.error(`A ${push} push failed:`, error));
  };
  events.addEventListener(push, handler);
  return () => events.removeEventListener(push, handler);
});
