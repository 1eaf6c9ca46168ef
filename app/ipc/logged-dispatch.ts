import type { Log } from '../node/log.ts';
import type { Dispatch } from './dispatch.ts';

/**
 * Writes each refused or failed call to the log: the channel, the error's code and message,
 * and for an unexpected failure its stack. Never the payload, which may be a whole batch.
 */
export function logFailures(dispatch: Dispatch, log: Pick<Log, 'warn' | 'error'>): Dispatch {
  return async (channel, input, sender) => {
    const envelope = await dispatch(channel, input, sender);
    if (!envelope.ok) {
      const { code, message, detail } = envelope.error;
      const name = String(channel).slice(0, 80);
      if (code === 'internal') log.error(`IPC ${name} failed`, { code, message, detail });
      else log.warn(`IPC ${name} refused`, { code, message });
    }
    return envelope;
  };
}
