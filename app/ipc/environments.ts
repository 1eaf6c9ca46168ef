import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';
import { forward } from './forward.ts';

/** The environments and their sessions (features/environments/node/). */
export function registerEnvironmentHandlers({ environments, sessions }: Services) {
  return {
    ...forward(environments, {
      'environments:list': 'list',
      'environments:create': 'create',
      'environments:remove': ['remove', 'id'],
      'environments:select': ['select', 'id'],
      'environments:export': ['exportFile', 'ids'],
      'environments:import': ['importJson', 'text'],
    }),
    'environments:update': ({ id, edit }) => environments.update(id, edit),
    'environments:duplicate': ({ id, copySecrets }) => environments.duplicate(id, copySecrets),
    ...forward(sessions, {
      'session:status': ['status', 'environmentId'],
      'session:login': 'login',
      'session:logout': ['logout', 'environmentId'],
      'session:declineLogin': ['declineLogin', 'environmentId'],
    }),
  } satisfies Partial<Handlers>;
}
