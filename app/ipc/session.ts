import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

export function registerSessionHandlers({
  sessions,
}: Services): Pick<Handlers, 'session:status' | 'session:login' | 'session:logout' | 'session:declineLogin'> {
  return {
    'session:status': ({ environmentId }) => sessions.status(environmentId),
    'session:login': (input) => sessions.login(input),
    'session:logout': async ({ environmentId }) => (await sessions.logout(environmentId), null),
    'session:declineLogin': ({ environmentId }) => (sessions.declineLogin(environmentId), null),
  };
}
