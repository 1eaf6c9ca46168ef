/**
 * Sends the harness's calls that carry a long text (a draft, a save of a big batch). Turning
 * 29 MB into a request body takes Chromium's thread a second; here it is the worker's, and the
 * page's thread only structured-clones the text, as it does for Electron's IPC.
 */

export interface LongCall {
  id: number;
  url: string;
  frame: string[];
}
export type LongCallAnswer = { id: number; text: string } | { id: number; failed: string };

const scope = self as unknown as { onmessage: ((event: MessageEvent<LongCall>) => void) | null; postMessage(answer: LongCallAnswer): void };

scope.onmessage = ({ data: { id, url, frame } }) => {
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: new Blob(frame) })
    .then((response) => response.text())
    .then(
      (text) => scope.postMessage({ id, text }),
      (error: unknown) => scope.postMessage({ id, failed: error instanceof Error ? error.message : String(error) }),
    );
};
