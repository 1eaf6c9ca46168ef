import type { Services } from '../node/index.ts';
import type { Handlers } from './dispatch.ts';

type EnvironmentChannels =
  | 'environments:list'
  | 'environments:create'
  | 'environments:update'
  | 'environments:duplicate'
  | 'environments:remove'
  | 'environments:select'
  | 'environments:export'
  | 'environments:import';

export function registerEnvironmentHandlers({ environments }: Services): Pick<Handlers, EnvironmentChannels> {
  return {
    'environments:list': () => environments.list(),
    'environments:create': (edit) => environments.create(edit),
    'environments:update': ({ id, edit }) => environments.update(id, edit),
    'environments:duplicate': ({ id, copySecrets }) => environments.duplicate(id, copySecrets),
    'environments:remove': async ({ id }) => (await environments.remove(id), null),
    'environments:select': async ({ id }) => (await environments.select(id), null),
    'environments:export': ({ ids }) => {
      const names = ids.map((id) => environments.get(id).name);
      const base = names.length === 1 ? names[0]!.replace(/[^\w.-]+/g, '-').toLowerCase() : 'environments';
      return { fileName: `${base}.eventdesk-env.json`, text: environments.exportJson(ids) };
    },
    'environments:import': ({ text }) => environments.importJson(text),
  };
}
