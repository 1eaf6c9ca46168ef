import { createEventDiffResponder, type EventDiffRequest } from './event-diff-protocol.ts';

/** The event diff runs here, off the UI thread, so comparing 100 000 events never freezes the page. */
const respond = createEventDiffResponder();

self.onmessage = (message: MessageEvent<EventDiffRequest>) => {
  self.postMessage(respond(message.data));
};
